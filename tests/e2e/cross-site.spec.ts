import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'
import { FORM_ACTIONS } from '#domain/form-answer.ts'
import { endpointPath, functionPath } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import type { AdminApi } from '#tests/e2e/support/admin-api.ts'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'
import { signIn } from '#tests/e2e/support/sign-in.ts'
import { emailsTo, readOutbox } from '#tests/e2e/support/outbox.ts'

/**
 * The cross-site rule in a real browser (README, Security): a page served from another origin
 * (127.0.0.1 on a port of its own, while the site is at localhost: another site, not only another
 * origin) sends every public form and call to the site the ways a page can without asking first:
 * `fetch` in no-cors mode with a text/plain body, forms with enctype="text/plain" and plain
 * form-encoded forms, auto-submitted. Chromium names the other site (Sec-Fetch-Site, Origin); the
 * site refuses each one, and the admin and the outbox then show that nothing was stored or sent,
 * and the coach still signs in from the same network.
 */

const ELSEWHERE_PAGE =
  '<!doctype html><html lang="en" data-ready><head><title>Another site</title></head><body><h1>Another site</h1></body></html>'

let elsewhere: Server
let elsewhereURL: string

test.beforeAll(async () => {
  elsewhere = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ELSEWHERE_PAGE)
  })
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
  elsewhereURL = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => elsewhere?.close(resolve))
})

const booking = (n: number) => ({
  firstName: 'Mallory',
  lastName: `Elsewhere ${n}`,
  email: `mallory${n}@example.com`,
  country: 'Ghana',
  message: `Booked from another site, attempt ${n}.`,
})

/** What the admin and the outbox show: everything the attacks could have changed. */
async function everything(admin: AdminApi, server: APIRequestContext) {
  return {
    subscribers: await admin.subscribers(),
    bookings: await admin.bookings(),
    resources: await admin.resources(),
    emails: (await readOutbox(server)).length,
  }
}

/** Signs up and confirms through the functions (as a test's own server-side caller): the links a subscriber holds. */
async function subscriberLinks(server: APIRequestContext) {
  for (const email of ['kept@example.com', 'waiting@example.com']) {
    expect((await server.post(ENDPOINTS.subscribers.path, { data: { email } })).status()).toBe(200)
  }
  const linkIn = (text: string, path: string) => new URL(new RegExp(`https?://\\S+${path}\\?\\S+`).exec(text)![0])
  // Each email goes after its call has answered: waited for, not read at once.
  const confirmation = async (to: string) => (await emailsTo(server, to))[0]!
  const keptToken = linkIn((await confirmation('kept@example.com')).text, '/confirm').searchParams.get('token')
  expect((await server.post(ENDPOINTS.subscriberConfirm.path, { data: { token: keptToken } })).status()).toBe(200)
  const [welcome] = await emailsTo(server, 'kept@example.com', 'Welcome to the newsletter')
  const unsubscribe = linkIn(welcome!.text, '/unsubscribe')
  return {
    unsubscribe: `${ENDPOINTS.unsubscribe.path}${unsubscribe.search}`,
    confirmToken: linkIn((await confirmation('waiting@example.com')).text, '/confirm').searchParams.get('token')!,
  }
}

/** Every POST the browser sent to the site, with the answer it got. */
function watchPosts(page: Page, site: string) {
  const answers: string[] = []
  page.on('response', (response) => {
    const request = response.request()
    if (request.method() === 'POST' && response.url().startsWith(site))
      answers.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })
  return answers
}

/** A form on the other site, filled and submitted by its script; resolves once the site has answered. */
async function submitForm(page: Page, action: string, enctype: string, fields: [string, string][]) {
  await page.goto(elsewhereURL)
  const site = new URL(action).origin
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().startsWith(site))
  // The answer replaces the other page: wait for it to have loaded before the next form.
  const arrived = page.waitForURL((url) => url.origin === site)
  await page.evaluate(
    ({ action, enctype, fields }) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = action
      form.enctype = enctype
      for (const [name, value] of fields) {
        const input = document.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.value = value
        form.append(input)
      }
      document.body.append(form)
      form.submit()
    },
    { action, enctype, fields },
  )
  const status = (await answered).status()
  await arrived
  return status
}

/**
 * A text/plain form whose body is JSON: the browser sends `name=value`, so the last field's name
 * opens a string that its value closes.
 */
const jsonAsTextForm = (data: Record<string, string>): [string, string][] => [[`${JSON.stringify(data).slice(0, -1)},"x":"`, '"}']]

test('every public form and call, sent from another site, is refused: nothing stored, no email, and the coach still signs in', async ({
  page,
  server,
  serverURL,
  admin,
  consoleErrors,
}) => {
  // The refusals, as the other page's console reports them, and the browser's own refusal of the
  // call that asked first.
  consoleErrors.allow(failedResourceLog(403), /blocked by CORS policy/, /Failed to load resource: net::ERR_FAILED/)
  const links = await subscriberLinks(server)
  const resource = (await admin.resources())[0]!
  const download = endpointPath(ENDPOINTS.resourceDownload.path, { id: resource.id })
  const before = await everything(admin, server)
  const posts = watchPosts(page, serverURL)

  // 1. Calls the page's script makes without asking first: fetch in no-cors mode, text/plain JSON.
  await page.goto(elsewhereURL)
  const calls: [path: string, body: unknown][] = [
    [ENDPOINTS.subscribers.path, { email: 'fetched@example.com' }],
    [functionPath(ENDPOINTS.subscribers.function), { email: 'fetched2@example.com' }],
    [functionPath(ENDPOINTS.booking.function), booking(1)],
    [download, undefined],
    [download, {}],
    [links.unsubscribe, undefined],
    [ENDPOINTS.subscriberConfirm.path, { token: links.confirmToken }],
    // More wrong guesses at the coach's password than her network is allowed: had they counted,
    // her own right password would now be refused.
    ...Array.from({ length: 6 }, (_, i): [string, unknown] => [
      ENDPOINTS.adminLogin.path,
      { username: DEMO_CREDENTIALS.admin.username, password: `wrong guess ${i}` },
    ]),
    [functionPath(ENDPOINTS.adminLogin.function), { username: DEMO_CREDENTIALS.admin.username, password: 'another wrong guess' }],
  ]
  const fetched = await page.evaluate(
    async ({ site, calls }) =>
      Promise.all(
        calls.map(async ([path, body]) => {
          const init: RequestInit = { method: 'POST', mode: 'no-cors' }
          if (body !== undefined) init.body = JSON.stringify(body)
          // An opaque answer: the page cannot read it, but the request went.
          return (await fetch(site + path, init)).type
        }),
      ),
    { site: serverURL, calls },
  )
  expect(fetched.every((type) => type === 'opaque')).toBe(true)

  // A JSON call that asks first (CORS): the site grants nothing, so the browser does not send it.
  const asked = await page.evaluate(
    async ({ site, path }) => {
      try {
        await fetch(site + path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'asked@example.com' }),
        })
        return 'sent'
      } catch {
        return 'refused by the browser'
      }
    },
    { site: serverURL, path: ENDPOINTS.subscribers.path },
  )
  expect(asked).toBe('refused by the browser')

  // 2. Forms on the other page, submitted by its script: text/plain bodies that read as JSON, and
  // the plain form encoding the site's own no-JS forms use.
  const formPosts: [action: string, enctype: string, fields: [string, string][]][] = [
    [serverURL + FORM_ACTIONS.newsletter, 'text/plain', jsonAsTextForm({ email: 'formed@example.com' })],
    [
      serverURL + FORM_ACTIONS.newsletter,
      'application/x-www-form-urlencoded',
      [
        ['email', 'formed2@example.com'],
        ['page', '/blog'],
      ],
    ],
    [serverURL + FORM_ACTIONS.booking, 'text/plain', jsonAsTextForm(booking(2))],
    [serverURL + FORM_ACTIONS.booking, 'application/x-www-form-urlencoded', Object.entries(booking(3))],
    [serverURL + download, 'application/x-www-form-urlencoded', [['x', 'y']]],
    [serverURL + links.unsubscribe, 'application/x-www-form-urlencoded', [['List-Unsubscribe', 'One-Click']]],
    [serverURL + ENDPOINTS.subscriberConfirm.path, 'text/plain', jsonAsTextForm({ token: links.confirmToken })],
    [
      serverURL + ENDPOINTS.adminLogin.path,
      'text/plain',
      jsonAsTextForm({ username: DEMO_CREDENTIALS.admin.username, password: 'a guess from a form' }),
    ],
  ]
  for (const [action, enctype, fields] of formPosts) {
    expect(await submitForm(page, action, enctype, fields), `${enctype} form to ${action}`).toBe(403)
  }

  // Every attempt reached the site, and every one was refused.
  await expect.poll(() => posts.length).toBe(calls.length + formPosts.length)
  expect(posts.filter((answer) => !answer.startsWith('403 '))).toEqual([])

  // Nothing stored (no signup, booking, confirmation, unsubscribe or download), no email sent.
  expect(await everything(admin, server)).toEqual(before)

  // The guesses used up none of the coach's tries: her right password works from this network
  // (the login call, as the form makes it; the form itself is tested in admin.spec.ts).
  await signIn(page, server, serverURL, 'admin')
})
