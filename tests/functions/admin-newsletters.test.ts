import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NEWSLETTER_MESSAGES, UNSUBSCRIBES_KEPT_DAYS, type Newsletter, type NewsletterReport } from '#domain/newsletter.ts'
import * as adminNewsletter from '#functions/admin-newsletter.ts'
import * as preview from '#functions/admin-newsletter-preview.ts'
import * as send from '#functions/admin-newsletter-send.ts'
import * as testSend from '#functions/admin-newsletter-test.ts'
import * as adminNewsletters from '#functions/admin-newsletters.ts'
import * as unsubscribe from '#functions/unsubscribe.ts'
import { activity } from '#lib/data/activity.ts'
import { content } from '#lib/data/content.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { outbox } from '#lib/data/outbox.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { countRecipients, runSend, setTrigger } from '#lib/newsletter/sender.ts'
import { createAdmin, createEditor, type SignedInUser } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, LOCAL_RUNTIME, type ApiBody } from '#tests/support/call.ts'
import { createPost } from '#tests/support/records.ts'

useBlobsServer()

const ADDRESS = 'Faithful Finances\nPO Box 7, Springfield'
const setAddress = (value = ADDRESS) => content.save({ section: 'site', key: 'postalAddress', value, type: 'text' }, 'test')

type NewsletterBody = ApiBody & { newsletter: Newsletter }
const auth = (user: SignedInUser) => ({ authorization: user.authorization })

const create = (user: SignedInUser, body: unknown) =>
  call<NewsletterBody>(adminNewsletters, { method: 'POST', path: '/api/admin/newsletters', headers: auth(user), body })
const one = (user: SignedInUser, id: string, method = 'GET', body?: unknown) =>
  call<NewsletterBody & NewsletterReport>(adminNewsletter, { method, path: `/api/admin/newsletters/${id}`, params: { id }, headers: auth(user), body })
const sendAction = (user: SignedInUser, id: string, body: unknown) =>
  call<NewsletterBody>(send, { method: 'POST', path: `/api/admin/newsletters/${id}/send`, params: { id }, headers: auth(user), body })
const test = (user: SignedInUser, id: string) =>
  call(testSend, { method: 'POST', path: `/api/admin/newsletters/${id}/test`, params: { id }, headers: auth(user) })

const DRAFT = { subject: 'Spring notes', body: '# Hello\n\nA **warm** word and [a link](https://example.com/a).' }

let admin: SignedInUser
let editor: SignedInUser
let triggered: string[] = []
beforeEach(async () => {
  admin = await createAdmin()
  editor = await createEditor()
  triggered = []
  setTrigger(async (id) => {
    triggered.push(id)
  })
})
afterEach(() => setTrigger(null))

async function confirmed(email: string) {
  await subscribers.add(email)
  await subscribers.confirm(email)
}

describe('create, list, update and delete', () => {
  it('creates a draft, lists newest first, and records the activity', async () => {
    const first = await create(editor, DRAFT)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ success: true, message: NEWSLETTER_MESSAGES.created, newsletter: { status: 'draft', subject: 'Spring notes' } })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await create(editor, { ...DRAFT, subject: 'Summer notes' })
    const list = await call<ApiBody & { newsletters: Newsletter[] }>(adminNewsletters, { path: '/api/admin/newsletters', headers: auth(editor) })
    expect(list.body.newsletters.map((n) => n.id)).toEqual([second.body.newsletter.id, first.body.newsletter.id])
    const entries = await activity.list({ subject: 'newsletter' })
    expect(entries.entries.map((entry) => entry.action)).toEqual(['created', 'created'])
  })

  it('refuses an empty subject or body with the field message', async () => {
    expect((await create(editor, { subject: ' ', body: 'x' })).body).toEqual({ success: false, message: 'Subject is required' })
    expect((await create(editor, { subject: 'x', body: '' })).body).toEqual({ success: false, message: 'Write the message before saving' })
  })

  it('copies a published post: its title, its text and a link to it', async () => {
    const post = await createPost({ status: 'published', title: 'Giving first', content: 'Give, then save.' })
    const { status, body } = await create(editor, { fromPostId: post.id })
    expect(status).toBe(201)
    expect(body.newsletter.subject).toBe('Giving first')
    expect(body.newsletter.body).toBe(`Give, then save.\n\n[Read it on the blog](https://site.test.example/blog/${post.slug})`)
    const draft = await createPost({ status: 'draft' })
    expect((await create(editor, { fromPostId: draft.id })).status).toBe(404)
    expect((await create(editor, { fromPostId: '../x' })).status).toBe(400)
  })

  it('updates and deletes a draft; a scheduled one goes back to draft when saved', async () => {
    await setAddress()
    await confirmed('a@list.example')
    const { newsletter } = (await create(editor, DRAFT)).body
    const at = new Date(Date.now() + 3_600_000).toISOString()
    expect((await sendAction(admin, newsletter.id, { action: 'schedule', at })).body.newsletter).toMatchObject({ status: 'scheduled', scheduledAt: at })
    const updated = await one(editor, newsletter.id, 'PUT', { ...DRAFT, subject: 'New subject' })
    expect(updated.body).toMatchObject({ success: true, message: NEWSLETTER_MESSAGES.updated, newsletter: { status: 'draft', subject: 'New subject' } })
    expect(updated.body.newsletter.scheduledAt).toBeUndefined()
    expect((await one(editor, newsletter.id, 'DELETE')).body).toEqual({ success: true, message: NEWSLETTER_MESSAGES.deleted })
    expect((await one(editor, newsletter.id)).status).toBe(404)
  })

  it('keeps a newsletter that is sending or sent as it was', async () => {
    await setAddress()
    await confirmed('a@list.example')
    const { newsletter } = (await create(editor, DRAFT)).body
    expect((await sendAction(admin, newsletter.id, { action: 'now' })).status).toBe(200)
    for (const [method, body] of [['PUT', DRAFT], ['DELETE', undefined]] as const) {
      const answer = await one(editor, newsletter.id, method, body)
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 409, body: { success: false, message: NEWSLETTER_MESSAGES.notEditable } })
    }
  })

  it.each(['..%2Fx', '__proto__', 'a'.repeat(65), 'a b'])('answers 404 for the crafted id %s', async (id) => {
    expect((await one(editor, id)).status).toBe(404)
    expect((await one(editor, id, 'PUT', DRAFT)).status).toBe(404)
    expect((await sendAction(admin, id, { action: 'now' })).status).toBe(404)
    expect((await test(editor, id)).status).toBe(404)
  })
})

describe('POST /api/admin/newsletter-preview', () => {
  it('renders the unsaved text as the email, sanitized, with the address and an unsubscribe link', async () => {
    await setAddress()
    const { status, body } = await call<ApiBody & { subject: string; html: string; text: string }>(preview, {
      method: 'POST',
      path: '/api/admin/newsletter-preview',
      headers: auth(editor),
      body: { subject: 'Hi', body: `${DRAFT.body}\n\n<script>alert(1)</script><img src=x onerror=alert(1)>` },
    })
    expect(status).toBe(200)
    expect(body.subject).toBe('Hi')
    expect(body.html).toContain('<strong>warm</strong>')
    expect(body.html).not.toMatch(/<script|onerror/)
    expect(body.html).toContain('PO Box 7, Springfield')
    expect(body.html).toContain('href="https://site.test.example/unsubscribe"')
    expect(body.text).toContain('A warm word and a link (https://example.com/a).')
    expect(body.text).toContain('PO Box 7, Springfield')
  })

  it('gives a link to a page of the site the site’s address, in both parts: an email is read away from the site', async () => {
    const { body } = await call<ApiBody & { html: string; text: string }>(preview, {
      method: 'POST',
      path: '/api/admin/newsletter-preview',
      headers: auth(admin),
      body: { subject: 'Hi', body: 'See [our resources](/resources?a=1&b=2), [a list](https://example.com/x) or [this](//elsewhere.example).' },
    })
    expect(body.html).toContain('href="https://site.test.example/resources?a=1&amp;b=2"')
    expect(body.html).toContain('href="https://example.com/x"')
    expect(body.html).not.toContain('elsewhere.example')
    expect(body.text).toContain('our resources (https://site.test.example/resources?a=1&b=2)')
  })

  it('refuses a subject of more than one line: it is a header of the email (docs/decisions.md, One-line fields)', async () => {
    const { status, body } = await call(preview, {
      method: 'POST',
      path: '/api/admin/newsletter-preview',
      headers: auth(editor),
      body: { subject: 'Hi\r\nBcc: evil@example.com', body: DRAFT.body },
    })
    expect({ status, body }).toEqual({ status: 400, body: { success: false, message: 'Subject must be plain text on one line' } })
  })

  it('shows where the address will go before it is set', async () => {
    const { body } = await call<ApiBody & { html: string }>(preview, { method: 'POST', path: '/api/admin/newsletter-preview', headers: auth(editor), body: DRAFT })
    expect(body.html).toContain('Your postal address goes here')
  })
})

describe('POST /api/admin/newsletters/:id/test', () => {
  it('sends the email to the signed-in user, marked as a test, with both headers and the address in both parts', async () => {
    await setAddress()
    const { newsletter } = (await create(editor, DRAFT)).body
    const { status, body } = await test(editor, newsletter.id)
    expect({ status, body }).toEqual({ status: 200, body: { success: true, message: NEWSLETTER_MESSAGES.testSent(editor.user.email) } })
    const [sent] = await outbox.list()
    expect(sent).toMatchObject({ to: editor.user.email, subject: '[Test] Spring notes' })
    expect(sent?.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/site\.test\.example\/api\/unsubscribe\?email=.+&token=[\w-]+>$/)
    expect(sent?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(sent?.html).toContain('PO Box 7, Springfield')
    expect(sent?.text).toContain('PO Box 7, Springfield')
    expect(sent?.text).toMatch(/Unsubscribe: https:\/\/site\.test\.example\/unsubscribe\?email=/)
    expect((await newsletters.get(newsletter.id))?.testSentTo).toBe(editor.user.email)
  })

  it('is refused without a postal address, and nothing is sent', async () => {
    const { newsletter } = (await create(editor, DRAFT)).body
    const { status, body } = await test(editor, newsletter.id)
    expect({ status, body }).toEqual({ status: 409, body: { success: false, message: NEWSLETTER_MESSAGES.postalAddressMissing } })
    expect(await outbox.list()).toEqual([])
  })
})

describe('POST /api/admin/newsletters/:id/send', () => {
  it('is for admins only: an editor may compose and test, not send', async () => {
    await setAddress()
    await confirmed('a@list.example')
    const { newsletter } = (await create(editor, DRAFT)).body
    expect((await sendAction(editor, newsletter.id, { action: 'now' })).status).toBe(403)
    expect((await newsletters.get(newsletter.id))?.status).toBe('draft')
  })

  it('tells an admin how many confirmed subscribers a draft or scheduled one would go to; nobody else, and not once it is sent', async () => {
    const { newsletter } = (await create(editor, DRAFT)).body
    expect((await one(admin, newsletter.id)).body.recipients).toEqual({ confirmed: 0, more: false })
    await confirmed('a@list.example')
    await confirmed('b@list.example')
    await subscribers.add('pending@list.example')
    expect((await one(admin, newsletter.id)).body.recipients).toEqual({ confirmed: 2, more: false })
    // Only an admin can send, so only she is told.
    expect((await one(editor, newsletter.id)).body).not.toHaveProperty('recipients')
    // A list longer than one request reads counts its first ones: at least that many.
    expect(await countRecipients(2)).toEqual({ confirmed: 2, more: true })
    await setAddress()
    await sendAction(admin, newsletter.id, { action: 'now' })
    expect((await one(admin, newsletter.id)).body).not.toHaveProperty('recipients')
  })

  it('refuses to send without a postal address or without anyone confirmed', async () => {
    await confirmed('a@list.example')
    const { newsletter } = (await create(editor, DRAFT)).body
    expect((await sendAction(admin, newsletter.id, { action: 'now' })).body.message).toBe(NEWSLETTER_MESSAGES.postalAddressMissing)
    await setAddress()
    await subscribers.remove('a@list.example')
    await subscribers.add('pending@list.example')
    expect((await sendAction(admin, newsletter.id, { action: 'now' })).body.message).toBe(NEWSLETTER_MESSAGES.noRecipients)
    expect(triggered).toEqual([])
  })

  it('starts the send once: of two admins pressing Send together, one gets 409', async () => {
    await setAddress()
    await confirmed('a@list.example')
    const other = await createAdmin()
    const { newsletter } = (await create(editor, DRAFT)).body
    const answers = await Promise.all([sendAction(admin, newsletter.id, { action: 'now' }), sendAction(other, newsletter.id, { action: 'now' })])
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(NEWSLETTER_MESSAGES.alreadySending)
    expect(answers.find((answer) => answer.status === 200)?.body).toMatchObject({ message: NEWSLETTER_MESSAGES.started, newsletter: { status: 'sending' } })
    expect(triggered).toEqual([newsletter.id])
  })

  it('sends or schedules only the version she read: an edit saved since is refused (409), nothing goes out', async () => {
    await setAddress()
    await confirmed('a@list.example')
    const { newsletter: read } = (await create(editor, DRAFT)).body
    // The editor saves a change after the admin opened it.
    await new Promise((resolve) => setTimeout(resolve, 5))
    await one(editor, read.id, 'PUT', { subject: DRAFT.subject, body: 'Changed: [pay here](https://evil.example/pay)' })

    const later = new Date(Date.now() + 3_600_000).toISOString()
    for (const action of [{ action: 'now', seen: read.updatedAt }, { action: 'schedule', at: later, seen: read.updatedAt }]) {
      const refused = await sendAction(admin, read.id, action)
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: NEWSLETTER_MESSAGES.changedSinceSeen })
    }
    expect((await newsletters.get(read.id))?.status).toBe('draft')
    expect(triggered).toEqual([])

    const current = (await one(admin, read.id)).body.newsletter
    expect((await sendAction(admin, read.id, { action: 'now', seen: current.updatedAt })).status).toBe(200)
    expect(triggered).toEqual([read.id])
  })

  it('schedules at least a minute ahead, and cancels back to draft', async () => {
    await setAddress()
    await confirmed('a@list.example')
    const { newsletter } = (await create(editor, DRAFT)).body
    const soon = await sendAction(admin, newsletter.id, { action: 'schedule', at: new Date(Date.now() + 10_000).toISOString() })
    expect({ status: soon.status, message: soon.body.message }).toEqual({ status: 400, message: NEWSLETTER_MESSAGES.scheduleInPast })
    const at = new Date(Date.now() + 120_000).toISOString()
    expect((await sendAction(admin, newsletter.id, { action: 'schedule', at })).body.message).toBe(NEWSLETTER_MESSAGES.scheduled)
    const cancelled = await sendAction(admin, newsletter.id, { action: 'cancel' })
    expect(cancelled.body).toMatchObject({ message: NEWSLETTER_MESSAGES.cancelled, newsletter: { status: 'draft' } })
    expect(cancelled.body.newsletter.scheduledAt).toBeUndefined()
  })

  it('reports the counts and the unsubscribes since the send started', async () => {
    vi.stubEnv('SENDGRID_API_KEY', '')
    await setAddress()
    for (const address of ['a@list.example', 'b@list.example']) await confirmed(address)
    await subscribers.add('pending@list.example')
    const { newsletter } = (await create(editor, DRAFT)).body
    setTrigger(async (id) => {
      await runSend(id, { runtime: LOCAL_RUNTIME })
    })
    expect((await sendAction(admin, newsletter.id, { action: 'now' })).status).toBe(200)
    const before = await one(editor, newsletter.id)
    expect(before.body).toMatchObject({ newsletter: { status: 'sent', progress: { total: 3, processed: 3, sent: 2, failed: 0, uncertain: 0 } }, unsubscribedSince: 0 })
    const mailed = (await outbox.list()).filter((entry) => entry.html)
    expect(mailed.map((entry) => entry.to).toSorted()).toEqual(['a@list.example', 'b@list.example'])
    await call(unsubscribe, { method: 'POST', path: `/api/unsubscribe?email=a%40list.example&token=${unsubscribeToken('a@list.example')}` })
    expect((await one(editor, newsletter.id)).body.unsubscribedSince).toBe(1)
  })

  it(`leaves the unsubscribes out for a send started more than ${UNSUBSCRIBES_KEPT_DAYS} days ago (they are forgotten by then)`, async () => {
    const { newsletter } = (await create(editor, DRAFT)).body
    await newsletters.start(newsletter.id, 'admin', new Date(Date.now() - (UNSUBSCRIBES_KEPT_DAYS + 1) * 24 * 60 * 60_000))
    const report = await one(editor, newsletter.id)
    expect(report.status).toBe(200)
    expect(report.body).not.toHaveProperty('unsubscribedSince')
  })
})

describe("the address of a test send is an admin's, or the viewer's own", () => {
  const list = (user: SignedInUser) =>
    call<ApiBody & { newsletters: Newsletter[] }>(adminNewsletters, { path: '/api/admin/newsletters', headers: auth(user) })

  /** A draft the admin has sent herself a test of. */
  async function testedByAdmin() {
    await setAddress()
    const { newsletter } = (await create(editor, DRAFT)).body
    expect((await test(admin, newsletter.id)).status).toBe(200)
    return newsletter.id
  }

  it('is not in the list an editor reads, which says who sent the test instead', async () => {
    const id = await testedByAdmin()

    const { status, body } = await list(editor)

    expect(status).toBe(200)
    expect(JSON.stringify(body)).not.toContain(admin.user.email)
    const listed = body.newsletters.find((n) => n.id === id)
    expect(listed).toMatchObject({ testSentAt: expect.any(String), testSentBy: admin.user.username })
    expect(listed).not.toHaveProperty('testSentTo')
  })

  it('is not in the newsletter an editor opens', async () => {
    const id = await testedByAdmin()

    const { status, body } = await one(editor, id)

    expect(status).toBe(200)
    expect(JSON.stringify(body)).not.toContain(admin.user.email)
    expect(body.newsletter).not.toHaveProperty('testSentTo')
  })

  it('is not in the newsletter an editor saves', async () => {
    const id = await testedByAdmin()

    const { status, body } = await one(editor, id, 'PUT', { ...DRAFT, subject: 'Spring notes, edited' })

    expect(status).toBe(200)
    expect(JSON.stringify(body)).not.toContain(admin.user.email)
    expect(body.newsletter.subject).toBe('Spring notes, edited')
  })

  it('is shown to admins', async () => {
    const id = await testedByAdmin()
    expect((await list(admin)).body.newsletters.find((n) => n.id === id)?.testSentTo).toBe(admin.user.email)
    expect((await one(admin, id)).body.newsletter.testSentTo).toBe(admin.user.email)
  })

  it("is shown to the editor it went to, and to no other editor", async () => {
    await setAddress()
    const { newsletter } = (await create(editor, DRAFT)).body
    expect((await test(editor, newsletter.id)).status).toBe(200)
    const other = await createEditor()

    expect((await one(editor, newsletter.id)).body.newsletter.testSentTo).toBe(editor.user.email)
    expect((await list(editor)).body.newsletters[0]?.testSentTo).toBe(editor.user.email)
    const seen = await one(other, newsletter.id)
    expect(seen.body.newsletter).not.toHaveProperty('testSentTo')
    expect(JSON.stringify(seen.body)).not.toContain(editor.user.email)
    expect(JSON.stringify((await list(other)).body)).not.toContain(editor.user.email)
  })
})
