import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SENDGRID_EVENTS_MAX_BYTES } from '#domain/sendgrid-event.ts'
import { normalizeEmail } from '#domain/subscriber.ts'
import { bookings } from '#lib/data/bookings.ts'
import { content } from '#lib/data/content.ts'
import { media } from '#lib/data/media.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { users } from '#lib/data/users.ts'
import { unsubscribeToken } from '#lib/subscribers/unsubscribe.ts'
import { confirmToken } from '#lib/subscribers/confirm.ts'
import { startRecordingBlobsServer, type RecordingBlobsServer } from '#tests/support/attack-blobs.ts'
import { COACH_NAME, seedAttackData, SITE_NAME, startPageServer, type AttackFixtures } from '#tests/support/attack-fixtures.ts'
import {
  BODY_LIMIT,
  BUILTIN_NAMES,
  decodeEntities,
  extraIds,
  fillTo,
  HOSTILE_PAGES,
  INJECTED_EMAILS,
  INJECTED_NAMES,
  MORE_BUILTIN_NAMES,
  patternsFor,
  REPLACEMENT_PATTERNS,
  singleAddressProblem,
  TRAVERSAL_IDS,
  type Named,
} from '#tests/support/attack-inputs.ts'
import { AttackRunner, attackedMethods, type AttackCall, type Auth, type Outcome } from '#tests/support/attack-runner.ts'
import { ATTACK_FULL, reportAttack, reportFindings, type AttackClass } from '#tests/support/attack-scale.ts'
import { attack, readBackPost, storedText, touch } from '#tests/support/attack-targets.ts'
import { sendgridEvent, webhookSigner } from '#tests/support/sendgrid-webhook.ts'

/**
 * The attack suite (npm run attack at full size; a small size in npm test): hostile ids, worst-case
 * patterns at the body-size limit, built-in property names, replacement patterns and email header
 * injection, against every function in netlify/functions (maintenance and dev-* aside), as admin,
 * editor and visitor. Every call is made on its own and judged on:
 * - its status (never >= 500) and work (never over 1 s of CPU; a call still running at the deadline is
 *   stopped, see attack-runner.ts);
 * - every Blobs request it made: each must be within the records the call names (the keys it may
 *   touch are in attack-targets.ts `touch`); a refused call may write nothing lasting but
 *   rate-limit bookkeeping;
 * - what it rendered or sent: pages with one head and one title, feeds that parse, the literal
 *   text shown as typed, one plain recipient and no CR/LF in any header.
 * The last test checks that the stored data survived.
 */
const SEED = Number(process.env.ATTACK_SEED ?? 20261123)

let blobs: RecordingBlobsServer
let pages: Awaited<ReturnType<typeof startPageServer>>
let runner: AttackRunner
let f: AttackFixtures

// SendGrid's side of the signed event webhook: the worker's functions are given its public key.
const sendgrid = webhookSigner()

beforeAll(async () => {
  process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = sendgrid.publicKey
  blobs = await startRecordingBlobsServer()
  pages = await startPageServer()
  f = await seedAttackData()
  runner = new AttackRunner(blobs, pages.origin, { admin: f.admin.authorization, editor: f.editor.authorization })
  runner.warmSlug = f.seededPosts[0]!.slug
  await runner.start()
}, 120_000)

afterAll(async () => {
  await runner?.stop()
  await pages?.stop()
  await blobs?.stop()
})

/** Reports a class's row and findings, then fails on any. */
function finish(attackClass: AttackClass) {
  const { row, problems } = runner.result(attackClass)
  reportAttack(row)
  reportFindings(attackClass, problems)
  expect(row.calls).toBeGreaterThan(0)
  expect(problems, `${problems.length} problems in "${attackClass}" (${row.calls} calls)`).toEqual([])
}

/** What SendGrid's v3 API receives, as far as the email checks read it. */
type Address = { email?: unknown; name?: unknown }
type SendgridMessage = {
  from?: Address
  reply_to?: Address
  subject?: unknown
  headers?: Record<string, unknown>
  cc?: unknown
  bcc?: unknown
  personalizations?: { to?: Address[]; cc?: unknown; bcc?: unknown; subject?: unknown; headers?: Record<string, unknown> }[]
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/** A value as a client would put it in a path or query. */
const encode = (value: string) => encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'))

const POST_INPUT = { title: 'Hostile id update', excerpt: 'An excerpt.', content: 'Some content.', status: 'draft', tags: [] }
const RESOURCE_INPUT = {
  title: 'Hostile id update',
  description: 'A description.',
  type: 'ebook',
  fileUrl: 'https://files.test.example/x.pdf',
}
const bookingBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@test.example',
  phone: '+1 555 0100',
  company: 'Hope Church',
  country: 'United States',
  message: 'We would love you to speak at our stewardship weekend.',
  ...overrides,
})

const createdId = (outcome: Outcome, field: string): string | undefined => {
  if (outcome.answer.status < 200 || outcome.answer.status >= 300) return undefined
  try {
    const id = (JSON.parse(outcome.answer.text) as Record<string, { id?: unknown }>)[field]?.id
    return typeof id === 'string' ? id : undefined
  } catch {
    return undefined
  }
}
const createdSlug = (outcome: Outcome): string | undefined => {
  try {
    const slug = (JSON.parse(outcome.answer.text) as { blogPost?: { slug?: unknown } }).blogPost?.slug
    return typeof slug === 'string' ? slug : undefined
  } catch {
    return undefined
  }
}

/**
 * A batch of SendGrid events posted as SendGrid posts it (signed now, over these exact bytes), or
 * with `headers` of the test's own. `emails` are the addresses the batch may read and stop.
 */
function sendgridCall(
  attackClass: AttackClass,
  label: string,
  events: unknown[] | string,
  emails: string[],
  more: Partial<AttackCall> = {},
): AttackCall {
  const body = typeof events === 'string' ? events : JSON.stringify(events)
  return attack({
    attack: attackClass,
    label: `POST sendgrid-events ${label}`,
    fn: 'sendgrid-events',
    method: 'POST',
    url: '/api/sendgrid/events',
    body,
    headers: { 'content-type': 'application/json', ...sendgrid.headers(body) },
    touches: touch.sendgridEvents(emails),
    ...more,
  })
}

const removePost = async (outcome: Outcome) => {
  const id = createdId(outcome, 'blogPost')
  if (id) await posts.remove(id).catch(() => {})
}
const removeItem = async (outcome: Outcome) => {
  const id = createdId(outcome, 'item')
  if (id) await content.remove(id).catch(() => {})
}
const removeResource = async (outcome: Outcome) => {
  const id = createdId(outcome, 'resource')
  if (id) await resources.remove(id).catch(() => {})
}
const removeUpload = async (outcome: Outcome) => {
  const id = createdId(outcome, 'upload')
  if (id) await media.remove(id).catch(() => {})
}
const removeNewsletter = async (outcome: Outcome) => {
  const id = createdId(outcome, 'newsletter')
  if (id) await newsletters.remove(id).catch(() => {})
}
const NEWSLETTER_INPUT = { subject: 'Hostile id update', body: 'Some words.' }
/** What the preview answers: the email's subject and both parts. */
const previewOf = (answer: Outcome['answer']) => {
  try {
    return JSON.parse(answer.text) as { subject?: string; text?: string; html?: string }
  } catch {
    return {}
  }
}
/** The send worker, called by someone without its secret (or with a made-up one): it does nothing. */
const workerCall = (attackClass: AttackClass, label: string, id: string, secret?: string): AttackCall =>
  attack({
    attack: attackClass,
    label: `POST newsletter-send-background body.id=${label}, ${secret === undefined ? 'no secret' : 'a wrong secret'}`,
    fn: 'newsletter-send-background',
    method: 'POST',
    url: '/.netlify/functions/newsletter-send-background',
    body: { id },
    headers: secret === undefined ? {} : { 'x-newsletter-worker': secret },
    touches: touch.nothing(),
    check: ({ answer }) => (answer.status === 404 ? [] : [`answered ${answer.status}, not 404`]),
  })
const removeUser = async (outcome: Outcome) => {
  const id = createdId(outcome, 'user')
  if (id) await users.remove(id, 'attack-suite').catch(() => {})
}

// ---------------------------------------------------------------------------------------------

describe('attack: every function, one hostile call at a time', () => {
  it(
    'key traversal: hostile ids in every id, path parameter, query and name field, as admin and editor',
    { timeout: 1_200_000 },
    async () => {
      const cls: AttackClass = 'key traversal'
      const post = f.targetPostId
      const combos: Named[] = [
        { name: '<post id>/../../index#', value: `${post}/../../index#` },
        { name: '<post id>#', value: `${post}#` },
        { name: '<post id>?x', value: `${post}?x` },
        { name: '<post id>/x', value: `${post}/x` },
        { name: '<resource id>#', value: `${f.resourceId}#` },
        { name: '<booking id>/../index', value: `${f.bookingId}/../index` },
      ]
      // Small size: the ids of the brief (TRAVERSAL_IDS marks them) and two combinations with a real id.
      const ids = ATTACK_FULL
        ? [...TRAVERSAL_IDS, ...combos, ...extraIds(120, SEED)]
        : [...TRAVERSAL_IDS.filter((id) => id.core), ...combos.slice(0, 2)]
      for (const [i, { name, value: id }] of ids.entries()) {
        const both: Auth[] = ATTACK_FULL || i < 6 ? ['admin', 'editor'] : [i % 2 ? 'admin' : 'editor']
        const some: Auth[] = ATTACK_FULL ? both : [i % 2 ? 'editor' : 'admin']
        const seg = encode(id)
        const calls: AttackCall[] = []
        for (const auth of both) {
          calls.push(
            {
              attack: cls,
              label: `PUT admin-blog-posts body.id=${name} (${auth})`,
              fn: 'admin-blog-posts',
              method: 'PUT',
              url: '/api/admin/blog-posts',
              auth,
              body: { id, ...POST_INPUT },
              touches: touch.adminPostsUpdate(id),
            },
            {
              attack: cls,
              label: `PUT admin-resources body.id=${name} (${auth})`,
              fn: 'admin-resources',
              method: 'PUT',
              url: '/api/admin/resources',
              auth,
              body: { id, ...RESOURCE_INPUT },
              touches: touch.adminResourcesWrite(),
            },
          )
        }
        for (const auth of some) {
          const page = HOSTILE_PAGES[i % HOSTILE_PAGES.length]!
          calls.push(
            {
              attack: cls,
              label: `GET admin-blog-post params.id=${name} (${auth})`,
              fn: 'admin-blog-post',
              method: 'GET',
              url: `/api/admin/blog-posts/${seg}`,
              params: { id },
              auth,
              touches: touch.adminPostGet(id),
            },
            {
              attack: cls,
              label: `GET admin-post-versions params.id=${name} (${auth})`,
              fn: 'admin-post-versions',
              method: 'GET',
              url: `/api/admin/blog-posts/${seg}/versions`,
              params: { id },
              auth,
              touches: touch.adminPostVersions(id),
            },
            {
              attack: cls,
              label: `GET admin-post-version params.id and versionId=${name} (${auth})`,
              fn: 'admin-post-version',
              method: 'GET',
              url: `/api/admin/blog-posts/${seg}/versions/${seg}`,
              params: { id, versionId: id },
              auth,
              touches: touch.adminPostVersion(id, id),
            },
            {
              attack: cls,
              label: `GET admin-activity ?after=${name} (admin)`,
              fn: 'admin-activity',
              method: 'GET',
              url: `/api/admin/activity?after=${seg}&actor=${seg}`,
              auth: 'admin',
              touches: touch.adminActivity(),
            },
            {
              attack: cls,
              label: `DELETE admin-blog-post params.id=${name} (${auth})`,
              fn: 'admin-blog-post',
              method: 'DELETE',
              url: `/api/admin/blog-posts/${seg}`,
              params: { id },
              auth,
              touches: touch.adminPostDelete(id),
            },
            {
              attack: cls,
              label: `DELETE admin-resource params.id=${name} (${auth})`,
              fn: 'admin-resource',
              method: 'DELETE',
              url: `/api/admin/resources/${seg}`,
              params: { id },
              auth,
              touches: touch.adminResourcesWrite(),
            },
            {
              attack: cls,
              label: `DELETE admin-content-item params.id=${name} (${auth})`,
              fn: 'admin-content-item',
              method: 'DELETE',
              url: `/api/admin/content/${seg}`,
              params: { id },
              auth,
              touches: touch.adminContentWrite(),
            },
            {
              attack: cls,
              label: `PUT admin-media-part params.id and n=${name} (${auth})`,
              fn: 'admin-media-part',
              method: 'PUT',
              url: `/api/admin/media/${seg}/parts/1`,
              params: { id, n: i % 2 ? id : '1' },
              auth,
              body: '%PDF-1.7 a hostile part',
              touches: touch.adminMediaPart(id),
            },
            {
              attack: cls,
              label: `POST admin-media-complete params.id=${name} (${auth})`,
              fn: 'admin-media-complete',
              method: 'POST',
              url: `/api/admin/media/${seg}/complete`,
              params: { id },
              auth,
              touches: touch.adminMediaComplete(id),
            },
            {
              attack: cls,
              label: `DELETE admin-media-file params.id=${name} (${auth})`,
              fn: 'admin-media-file',
              method: 'DELETE',
              url: `/api/admin/media/${seg}?force=1`,
              params: { id },
              auth,
              touches: touch.adminMediaDelete(id),
            },
            {
              attack: cls,
              label: `POST admin-media name=${name} (${auth})`,
              fn: 'admin-media',
              method: 'POST',
              url: '/api/admin/media',
              auth,
              body: { name: id, size: 1000, type: 'application/pdf' },
              touches: touch.adminMediaStart(),
              cleanup: removeUpload,
            },
            {
              attack: cls,
              label: `PUT admin-booking params.id=${name} (${auth})`,
              fn: 'admin-booking',
              method: 'PUT',
              url: `/api/admin/bookings/${seg}`,
              params: { id },
              auth,
              body: { status: 'handled' },
              touches: touch.adminBooking(id),
            },
            {
              attack: cls,
              label: `DELETE admin-user params.id=${name} (${auth})`,
              fn: 'admin-user',
              method: 'DELETE',
              url: `/api/admin/users/${seg}`,
              params: { id },
              auth,
              touches: touch.adminUsersWrite(),
            },
            {
              attack: cls,
              label: `POST admin-user-password params.id=${name} (${auth})`,
              fn: 'admin-user-password',
              method: 'POST',
              url: `/api/admin/users/${seg}/password`,
              params: { id },
              auth,
              body: { password: 'a temporary passphrase' },
              touches: touch.adminUsersWrite(),
            },
            {
              attack: cls,
              label: `POST admin-user-owner params.id=${name} (${auth})`,
              fn: 'admin-user-owner',
              method: 'POST',
              url: `/api/admin/users/${seg}/owner`,
              params: { id },
              auth,
              body: { password: f.password },
              touches: touch.adminUsersWrite(),
            },
            {
              attack: cls,
              label: `GET admin-subscriber-export params.id=${name} (${auth})`,
              fn: 'admin-subscriber-export',
              method: 'GET',
              url: `/api/admin/subscribers/exports/${seg}`,
              params: { id },
              auth,
              touches: touch.adminSubscriberExportRead(),
            },
            {
              attack: cls,
              label: `GET admin-subscriber-export-file params.id=${name} (${auth})`,
              fn: 'admin-subscriber-export-file',
              method: 'GET',
              url: `/api/admin/subscribers/exports/${seg}/file`,
              params: { id },
              auth,
              touches: touch.adminSubscriberExportRead(),
            },
            {
              attack: cls,
              label: `POST subscribers-export-background body.id=${name}, unsigned`,
              fn: 'subscribers-export-background',
              method: 'POST',
              url: '/.netlify/functions/subscribers-export-background',
              body: { id },
              touches: touch.nothing(),
            },
            {
              attack: cls,
              label: `POST admin-subscribers-import importId and email=${name} (${auth})`,
              fn: 'admin-subscribers-import',
              method: 'POST',
              url: '/api/admin/subscribers/import',
              auth,
              body: {
                importId: id,
                consent: true,
                rows: [
                  { row: 2, email: id },
                  { row: 3, email: `${id}@test.example` },
                ],
              },
              touches: touch.adminSubscribersImport(),
            },
            {
              attack: cls,
              label: `GET admin-newsletter params.id=${name} (${auth})`,
              fn: 'admin-newsletter',
              method: 'GET',
              url: `/api/admin/newsletters/${seg}`,
              params: { id },
              auth,
              touches: touch.adminNewsletter(id),
            },
            {
              attack: cls,
              label: `PUT admin-newsletter params.id=${name} (${auth})`,
              fn: 'admin-newsletter',
              method: 'PUT',
              url: `/api/admin/newsletters/${seg}`,
              params: { id },
              auth,
              body: NEWSLETTER_INPUT,
              touches: touch.adminNewsletter(id),
            },
            {
              attack: cls,
              label: `DELETE admin-newsletter params.id=${name} (${auth})`,
              fn: 'admin-newsletter',
              method: 'DELETE',
              url: `/api/admin/newsletters/${seg}`,
              params: { id },
              auth,
              touches: touch.adminNewsletter(id),
            },
            {
              attack: cls,
              label: `POST admin-newsletter-test params.id=${name} (${auth})`,
              fn: 'admin-newsletter-test',
              method: 'POST',
              url: `/api/admin/newsletters/${seg}/test`,
              params: { id },
              auth,
              touches: touch.adminNewsletterTest(id),
            },
            {
              attack: cls,
              label: `POST admin-newsletter-send params.id=${name} (${auth})`,
              fn: 'admin-newsletter-send',
              method: 'POST',
              url: `/api/admin/newsletters/${seg}/send`,
              params: { id },
              auth,
              body: { action: i % 2 ? 'cancel' : 'now' },
              touches: touch.adminNewsletterSend(id),
            },
            {
              attack: cls,
              label: `POST admin-newsletters fromPostId=${name} (${auth})`,
              fn: 'admin-newsletters',
              method: 'POST',
              url: '/api/admin/newsletters',
              auth,
              body: { fromPostId: id },
              touches: touch.adminNewslettersCreate(),
              cleanup: removeNewsletter,
            },
            {
              attack: cls,
              label: `GET subscribers ?search=${name}&page=${page} (${auth})`,
              fn: 'subscribers',
              method: 'GET',
              url: `/api/subscribers?search=${seg}&page=${page}`,
              auth,
              touches: touch.subscribersGet(id.trim().length <= 254 ? id : ''),
            },
            {
              attack: cls,
              label: `POST admin-content section=${name} (${auth})`,
              fn: 'admin-content',
              method: 'POST',
              url: '/api/admin/content',
              auth,
              body: { section: id, key: 'title', value: 'v', type: 'text' },
              touches: touch.adminContentWrite(),
              cleanup: removeItem,
            },
            {
              attack: cls,
              label: `POST admin-content key=${name} (${auth})`,
              fn: 'admin-content',
              method: 'POST',
              url: '/api/admin/content',
              auth,
              body: { section: 'home', key: id, value: 'v', type: 'text' },
              touches: touch.adminContentWrite(),
              cleanup: removeItem,
            },
          )
        }
        const email = id.includes('@') ? id : `${id}@test.example`
        calls.push(
          {
            attack: cls,
            label: `POST admin-subscriber-erase email=${name}@test.example (editor)`,
            fn: 'admin-subscriber-erase',
            method: 'POST',
            url: '/api/admin/subscribers/erase',
            auth: 'editor',
            body: { email },
            touches: touch.adminSubscriberErase(email),
          },
          {
            attack: cls,
            label: `POST admin-subscriber-clear-stop email=${name}@test.example (admin)`,
            fn: 'admin-subscriber-clear-stop',
            method: 'POST',
            url: '/api/admin/subscribers/clear-stop',
            auth: 'admin',
            body: { email },
            touches: touch.adminSubscriberClearStop(email),
          },
          {
            attack: cls,
            label: `POST resource-download params.id=${name}`,
            fn: 'resource-download',
            method: 'POST',
            url: `/api/resources/${seg}/download`,
            params: { id },
            touches: touch.resourceDownload(id),
          },
          {
            attack: cls,
            label: `GET media-file params.id=${name}`,
            fn: 'media-file',
            method: 'GET',
            url: `/media/${seg}/${seg}`,
            params: { id, name: id },
            touches: touch.mediaFile(id),
          },
          {
            attack: cls,
            label: `GET blog-page params.slug=${name}`,
            fn: 'blog-page',
            method: 'GET',
            url: `/blog/${seg}`,
            params: { slug: id },
            touches: touch.blogPage(id),
          },
          {
            attack: cls,
            label: `GET admin-post-preview ?slug=${name} (editor)`,
            fn: 'admin-post-preview',
            method: 'GET',
            url: `/api/admin/post-preview?slug=${seg}`,
            auth: 'editor',
            touches: touch.adminPostPreviewGet(id),
          },
          {
            attack: cls,
            label: `GET blog-posts ?slug=${name}`,
            fn: 'blog-posts',
            method: 'GET',
            url: `/api/blog-posts?slug=${seg}`,
            touches: touch.blogPosts(id),
          },
          {
            attack: cls,
            label: `POST unsubscribe ?email=${name}@test.example with its valid token`,
            fn: 'unsubscribe',
            method: 'POST',
            url: `/api/unsubscribe?email=${encode(email)}&token=${unsubscribeToken(email)}`,
            touches: touch.unsubscribe(email),
          },
          {
            attack: cls,
            label: `POST unsubscribe ?token=${name}`,
            fn: 'unsubscribe',
            method: 'POST',
            url: `/api/unsubscribe?email=${encode(f.subscriberEmail)}&token=${seg}`,
            touches: touch.unsubscribe(f.subscriberEmail),
          },
          {
            attack: cls,
            label: `POST subscriber-confirm token=${name}`,
            fn: 'subscriber-confirm',
            method: 'POST',
            url: '/api/subscribers/confirm',
            body: { token: id },
            touches: touch.subscriberConfirm(f.subscriberEmail),
          },
          {
            attack: cls,
            label: `POST admin-users username=${name} (admin)`,
            fn: 'admin-users',
            method: 'POST',
            url: '/api/admin/users',
            auth: 'admin',
            body: { username: id, email: `user${i}@test.example`, password: f.password, role: 'editor' },
            touches: touch.adminUsersWrite(),
            cleanup: removeUser,
          },
          {
            attack: cls,
            label: `POST admin-login username=${name}`,
            fn: 'admin-login',
            method: 'POST',
            url: '/api/admin/login',
            body: { username: id, password: 'not the password' },
            touches: touch.adminLogin(),
          },
          {
            attack: cls,
            label: `POST password-reset-request identifier=${name}`,
            fn: 'password-reset-request',
            method: 'POST',
            url: '/api/admin/password-reset/request',
            body: { identifier: id },
            local: true,
            touches: touch.passwordResetRequest(),
          },
          {
            attack: cls,
            label: `POST password-reset-check token=${name}`,
            fn: 'password-reset-check',
            method: 'POST',
            url: '/api/admin/password-reset/check',
            body: { token: id },
            touches: touch.passwordReset(f.victimUserId),
          },
          {
            attack: cls,
            label: `POST password-reset token=${name}`,
            fn: 'password-reset',
            method: 'POST',
            url: '/api/admin/password-reset',
            body: { token: id, newPassword: 'lanterns over the quiet harbour', confirmPassword: 'lanterns over the quiet harbour' },
            touches: touch.passwordReset(f.victimUserId),
          },
          {
            attack: cls,
            label: `POST subscribers email=${name}@test.example`,
            fn: 'subscribers',
            method: 'POST',
            url: '/api/subscribers',
            body: { email },
            touches: touch.subscribe(email),
          },
        )
        calls.push(workerCall(cls, name, id), workerCall(cls, name, id, 'not-the-secret'))
        // The functions that take no id get the id where a confused one might look: params and query.
        if (ATTACK_FULL || i < 3) {
          const q = `?id=${seg}&slug=${seg}&section=${seg}&tag=${seg}&service=${seg}`
          const params = { id, slug: id }
          calls.push(
            {
              attack: cls,
              label: `POST send-booking-email body.id=${name}`,
              fn: 'send-booking-email',
              method: 'POST',
              url: `/.netlify/functions/send-booking-email${q}`,
              params,
              body: bookingBody({ id }),
              touches: touch.booking(),
            },
            {
              attack: cls,
              label: `GET content ${q}`,
              fn: 'content',
              method: 'GET',
              url: `/api/content${q}`,
              params,
              touches: touch.content(),
            },
            {
              attack: cls,
              label: `GET resources ${q}`,
              fn: 'resources',
              method: 'GET',
              url: `/api/resources${q}`,
              params,
              touches: touch.resources(),
            },
            { attack: cls, label: `GET home-page ${q}`, fn: 'home-page', method: 'GET', url: `/${q}`, params, touches: touch.textsPage() },
            {
              attack: cls,
              label: `GET about-page ${q}`,
              fn: 'about-page',
              method: 'GET',
              url: `/about${q}`,
              params,
              touches: touch.aboutPage(),
            },
            {
              attack: cls,
              label: `GET services-page ${q}`,
              fn: 'services-page',
              method: 'GET',
              url: `/services${q}`,
              params,
              touches: touch.textsPage(),
            },
            {
              attack: cls,
              label: `GET book-now-page ${q}`,
              fn: 'book-now-page',
              method: 'GET',
              url: `/book-now${q}`,
              params,
              touches: touch.bookNowPage(),
            },
            {
              attack: cls,
              label: `GET not-found-page /${name}`,
              fn: 'not-found-page',
              method: 'GET',
              url: `/${seg}`,
              params,
              touches: touch.textsPage(),
            },
            {
              attack: cls,
              label: `GET resources-page ${q}`,
              fn: 'resources-page',
              method: 'GET',
              url: `/resources${q}`,
              params,
              touches: touch.resourcesPage(),
            },
            {
              attack: cls,
              label: `GET blog-list-page ${q}`,
              fn: 'blog-list-page',
              method: 'GET',
              url: `/blog${q}`,
              params,
              touches: touch.blogListPage(),
            },
            { attack: cls, label: `GET rss ${q}`, fn: 'rss', method: 'GET', url: `/rss.xml${q}`, params, touches: touch.rss() },
            {
              attack: cls,
              label: `GET sitemap ${q}`,
              fn: 'sitemap',
              method: 'GET',
              url: `/sitemap.xml${q}`,
              params,
              touches: touch.sitemap(),
            },
            {
              attack: cls,
              label: `GET robots ${q}`,
              fn: 'robots',
              method: 'GET',
              url: `/robots.txt${q}`,
              params,
              touches: touch.nothing(),
            },
            {
              attack: cls,
              label: `GET api-not-found /api/${name}`,
              fn: 'api-not-found',
              method: 'GET',
              url: `/api/${seg}`,
              params,
              touches: touch.nothing(),
            },
            {
              attack: cls,
              label: `GET admin-bookings ${q} (admin)`,
              fn: 'admin-bookings',
              method: 'GET',
              url: `/api/admin/bookings${q}`,
              params,
              auth: 'admin',
              touches: touch.adminBookings(),
            },
            {
              attack: cls,
              label: `GET admin-stats ${q} (editor)`,
              fn: 'admin-stats',
              method: 'GET',
              url: `/api/admin/stats${q}`,
              params,
              auth: 'editor',
              touches: touch.adminStats(),
            },
            {
              attack: cls,
              label: `POST admin-subscriber-exports ${q} (editor)`,
              fn: 'admin-subscriber-exports',
              method: 'POST',
              url: `/api/admin/subscribers/exports${q}`,
              params,
              auth: 'editor',
              touches: touch.adminSubscriberExportStart(),
            },
            {
              attack: cls,
              label: `GET admin-blog-posts ${q} (editor)`,
              fn: 'admin-blog-posts',
              method: 'GET',
              url: `/api/admin/blog-posts${q}`,
              params,
              auth: 'editor',
              touches: touch.adminPostsGet(),
            },
            {
              attack: cls,
              label: `GET admin-media ${q} (editor)`,
              fn: 'admin-media',
              method: 'GET',
              url: `/api/admin/media${q}`,
              params,
              auth: 'editor',
              touches: touch.adminMediaList(),
            },
            {
              attack: cls,
              label: `GET admin-resources ${q} (editor)`,
              fn: 'admin-resources',
              method: 'GET',
              url: `/api/admin/resources${q}`,
              params,
              auth: 'editor',
              touches: touch.adminResourcesGet(),
            },
            {
              attack: cls,
              label: `GET admin-content ${q} (editor)`,
              fn: 'admin-content',
              method: 'GET',
              url: `/api/admin/content${q}`,
              params,
              auth: 'editor',
              touches: touch.adminContentGet(),
            },
            {
              attack: cls,
              label: `GET admin-newsletters ${q} (editor)`,
              fn: 'admin-newsletters',
              method: 'GET',
              url: `/api/admin/newsletters${q}`,
              params,
              auth: 'editor',
              touches: touch.adminNewslettersGet(),
            },
            {
              attack: cls,
              label: `GET admin-users ${q} (admin)`,
              fn: 'admin-users',
              method: 'GET',
              url: `/api/admin/users${q}`,
              params,
              auth: 'admin',
              touches: touch.adminUsersGet(),
            },
            {
              attack: cls,
              label: `POST admin-logout ${q} (fresh admin session)`,
              fn: 'admin-logout',
              method: 'POST',
              url: `/api/admin/logout${q}`,
              params,
              authorization: await f.freshAdminToken(),
              touches: touch.adminLogout(),
            },
            {
              attack: cls,
              label: `POST admin-account-sign-out ${q} (a session of her own)`,
              fn: 'admin-account-sign-out',
              method: 'POST',
              url: `/api/admin/account/sign-out-everywhere${q}`,
              params,
              authorization: await f.freshLeaverToken(),
              touches: touch.adminAccountSignOut(),
            },
          )
        }
        // Online booking: the hostile id as a session's id, a link's token, her feed's token and a service's name.
        const who: Auth = i % 2 ? 'editor' : 'admin'
        calls.push(
          {
            attack: cls,
            label: `DELETE admin-session params.id=${name} (${who})`,
            fn: 'admin-session',
            method: 'DELETE',
            url: `/api/admin/sessions/${seg}`,
            params: { id },
            auth: who,
            touches: touch.adminSession(),
          },
          {
            attack: cls,
            label: `POST admin-session params.id=${name} (${who})`,
            fn: 'admin-session',
            method: 'POST',
            url: `/api/admin/sessions/${seg}`,
            params: { id },
            auth: who,
            body: { start: f.sessionMoveTo },
            touches: touch.adminSession(),
          },
          {
            attack: cls,
            label: `GET booking-session params.token=${name}`,
            fn: 'booking-session',
            method: 'GET',
            url: `/api/booking/sessions/${seg}`,
            params: { token: id },
            touches: touch.bookingSession(),
            check: ({ answer }) => (answer.status === 404 ? [] : [`answered ${answer.status}, not 404`]),
          },
          {
            attack: cls,
            label: `POST booking-session params.token=${name}`,
            fn: 'booking-session',
            method: 'POST',
            url: `/api/booking/sessions/${seg}`,
            params: { token: id },
            body: { cancel: true },
            touches: touch.bookingSession(),
            check: ({ answer }) => (answer.status === 404 || answer.status === 429 ? [] : [`answered ${answer.status}, not 404`]),
          },
          {
            attack: cls,
            label: `GET calendar-feed params.token=${name}`,
            fn: 'calendar-feed',
            method: 'GET',
            url: `/api/calendar/${seg}`,
            params: { token: id },
            touches: touch.calendarFeed(),
            check: ({ answer }) =>
              answer.status === 404 && answer.text === 'Not found' ? [] : [`answered ${answer.status}, not a plain 404`],
          },
          {
            attack: cls,
            label: `GET booking-slots ?service=${name}`,
            fn: 'booking-slots',
            method: 'GET',
            url: `/api/booking/slots?service=${seg}`,
            touches: touch.bookingSlots(),
          },
          {
            attack: cls,
            label: `POST booking-sessions service=${name}`,
            fn: 'booking-sessions',
            method: 'POST',
            url: '/api/booking/sessions',
            body: { ...bookingBody({}), service: id, start: f.sessionMoveTo, timeZone: 'Europe/London' },
            touches: touch.bookingSessions(),
            check: ({ answer }) => (answer.status === 201 ? [`a hostile service was booked`] : []),
          },
        )
        if (i === 0) {
          calls.push(
            {
              attack: cls,
              label: 'GET booking-services',
              fn: 'booking-services',
              method: 'GET',
              url: '/api/booking/services',
              touches: touch.bookingServices(),
            },
            {
              attack: cls,
              label: 'GET admin-availability (admin)',
              fn: 'admin-availability',
              method: 'GET',
              url: '/api/admin/availability',
              auth: 'admin',
              touches: touch.adminAvailabilityGet(),
            },
            {
              attack: cls,
              label: `PUT admin-availability service=${name} (admin)`,
              fn: 'admin-availability',
              method: 'PUT',
              url: '/api/admin/availability',
              auth: 'admin',
              body: { ...f.availability, services: [{ ...f.availability.services[0]!, name: id }] },
              touches: touch.adminAvailabilityPut(),
              check: ({ answer }) => (answer.status === 400 ? [] : [`answered ${answer.status}, not 400`]),
            },
            {
              attack: cls,
              label: 'POST admin-calendar-feed (admin)',
              fn: 'admin-calendar-feed',
              method: 'POST',
              url: '/api/admin/calendar-feed',
              auth: 'admin',
              touches: touch.adminCalendarFeed(),
            },
            {
              attack: cls,
              label: 'GET admin-sessions (editor)',
              fn: 'admin-sessions',
              method: 'GET',
              url: '/api/admin/sessions',
              auth: 'editor',
              touches: touch.adminSessions(),
            },
          )
        }
        for (const call of calls) await runner.run(attack(call))
      }
      finish(cls)
    },
  )

  it('worst-case patterns at the 64 KB body limit in every text field', { timeout: 1_200_000 }, async () => {
    const cls: AttackClass = 'worst-case patterns'
    type Field = { name: string; email?: boolean; max?: number; wrap?: (value: string) => unknown }
    type Target = {
      label: string
      fn: string
      method: string
      url: string
      auth?: Auth
      base: () => Record<string, unknown>
      fields: Field[]
      /** The value goes into the query (or path), not the body. */
      query?: (value: string) => { url: string; params?: Record<string, string> }
      /** Path parameters of a call whose value goes into the body. */
      params?: Record<string, string>
      local?: true
      touches: (value: string, body: Record<string, unknown>) => AttackCall['touches']
      then?: (outcome: Outcome, label: string) => AttackCall[]
      cleanup?: (outcome: Outcome) => Promise<void>
    }
    const postThen = (outcome: Outcome, label: string) => {
      const slug = createdSlug(outcome)
      return slug && outcome.answer.status < 300 ? readBackPost(cls, label, slug) : []
    }
    const contentThen = (outcome: Outcome, label: string): AttackCall[] =>
      outcome.answer.status < 300
        ? [
            attack({
              attack: cls,
              label: `${label} -> GET content`,
              fn: 'content',
              method: 'GET',
              url: '/api/content',
              touches: touch.content(),
            }),
            attack({
              attack: cls,
              label: `${label} -> GET about-page`,
              fn: 'about-page',
              method: 'GET',
              url: '/about',
              touches: touch.aboutPage(),
            }),
            attack({
              attack: cls,
              label: `${label} -> GET home-page`,
              fn: 'home-page',
              method: 'GET',
              url: '/',
              touches: touch.textsPage(),
            }),
            attack({
              attack: cls,
              label: `${label} -> GET services-page`,
              fn: 'services-page',
              method: 'GET',
              url: '/services',
              touches: touch.textsPage(),
            }),
          ]
        : []
    const resourcesThen = (outcome: Outcome, label: string): AttackCall[] =>
      outcome.answer.status < 300
        ? [
            attack({
              attack: cls,
              label: `${label} -> GET resources`,
              fn: 'resources',
              method: 'GET',
              url: '/api/resources',
              touches: touch.resources(),
            }),
            attack({
              attack: cls,
              label: `${label} -> GET resources-page`,
              fn: 'resources-page',
              method: 'GET',
              url: '/resources',
              touches: touch.resourcesPage(),
            }),
          ]
        : []
    const postFields: Field[] = [
      { name: 'title', max: 200 },
      { name: 'excerpt', max: 500 },
      { name: 'content', max: 100_000 },
      { name: 'featuredImage' },
      { name: 'featuredImageAlt', max: 250 },
      { name: 'tags', max: 40, wrap: (value) => [value] },
      { name: 'status' },
      { name: 'slug', max: 100 },
      { name: 'publishAt' },
    ]
    // A real link's token: the patterns replace it, the base call confirms the seeded subscriber.
    const validConfirmToken = await confirmToken(f.subscriberEmail)
    const targets: Target[] = [
      {
        label: 'POST subscribers',
        fn: 'subscribers',
        method: 'POST',
        url: '/api/subscribers',
        base: () => ({ email: 'pattern@test.example' }),
        fields: [{ name: 'email', email: true }, { name: 'website' }],
        touches: (v, b) => touch.subscribe(String(b.email)),
      },
      {
        label: 'POST send-booking-email',
        fn: 'send-booking-email',
        method: 'POST',
        url: '/.netlify/functions/send-booking-email',
        base: () => bookingBody(),
        fields: [
          { name: 'firstName', max: 100 },
          { name: 'lastName', max: 100 },
          { name: 'email', email: true },
          { name: 'phone', max: 40 },
          { name: 'company', max: 120 },
          { name: 'country', max: 80 },
          { name: 'service', max: 120 },
          { name: 'message', max: 5000 },
          { name: 'website' },
        ],
        touches: () => touch.booking(),
      },
      {
        // The first whole one books the free time; the rest are refused (400, or 409 once it is taken).
        label: 'POST booking-sessions',
        fn: 'booking-sessions',
        method: 'POST',
        url: '/api/booking/sessions',
        base: () => ({ ...bookingBody(), service: '1-1 Financial Coaching', start: f.sessionMoveTo, timeZone: 'Europe/London' }),
        fields: [
          { name: 'firstName', max: 100 },
          { name: 'lastName', max: 100 },
          { name: 'email', email: true },
          { name: 'message', max: 5000 },
          { name: 'service' },
          { name: 'start' },
          { name: 'timeZone' },
        ],
        touches: () => touch.bookingSessions(),
      },
      {
        label: 'POST unsubscribe',
        fn: 'unsubscribe',
        method: 'POST',
        url: '/api/unsubscribe',
        base: () => ({ email: f.subscriberEmail, token: unsubscribeToken(f.subscriberEmail) }),
        fields: [{ name: 'email', email: true }, { name: 'token' }],
        query: () => ({ url: '' }),
        touches: (v, b) => touch.unsubscribe(String(b.email).length <= 254 ? String(b.email) : 'x'),
      },
      {
        label: 'POST subscriber-confirm',
        fn: 'subscriber-confirm',
        method: 'POST',
        url: '/api/subscribers/confirm',
        base: () => ({ token: validConfirmToken }),
        fields: [{ name: 'token' }],
        touches: () => touch.subscriberConfirm(f.subscriberEmail),
      },
      {
        label: 'POST admin-login',
        fn: 'admin-login',
        method: 'POST',
        url: '/api/admin/login',
        base: () => ({ username: 'pattern-user', password: 'not the password' }),
        fields: [{ name: 'username' }, { name: 'password' }],
        touches: () => touch.adminLogin(),
      },
      {
        label: 'POST password-reset-request',
        fn: 'password-reset-request',
        method: 'POST',
        url: '/api/admin/password-reset/request',
        base: () => ({ identifier: 'attack-victim' }),
        fields: [{ name: 'identifier' }],
        local: true,
        touches: () => touch.passwordResetRequest(),
      },
      {
        label: 'POST password-reset-check',
        fn: 'password-reset-check',
        method: 'POST',
        url: '/api/admin/password-reset/check',
        base: () => ({ token: f.resetToken }),
        fields: [{ name: 'token' }],
        touches: () => touch.passwordReset(f.victimUserId),
      },
      {
        // A live link with one field hostile at a time: the link is never used up.
        label: 'POST password-reset',
        fn: 'password-reset',
        method: 'POST',
        url: '/api/admin/password-reset',
        base: () => ({
          token: f.resetToken,
          newPassword: 'lanterns over the quiet harbour',
          confirmPassword: 'lanterns over the quiet harbour',
        }),
        fields: [{ name: 'token' }, { name: 'newPassword' }, { name: 'confirmPassword' }],
        touches: () => touch.passwordReset(f.victimUserId),
      },
      {
        label: 'POST admin-content (text)',
        fn: 'admin-content',
        method: 'POST',
        url: '/api/admin/content',
        auth: 'editor',
        base: () => ({ section: 'pattern', key: 'text', value: 'v', type: 'text' }),
        fields: [
          { name: 'section', max: 60 },
          { name: 'key', max: 60 },
          { name: 'value', max: 20_000 },
        ],
        touches: () => touch.adminContentWrite(),
        then: contentThen,
        cleanup: removeItem,
      },
      {
        label: 'POST admin-content (html)',
        fn: 'admin-content',
        method: 'POST',
        url: '/api/admin/content',
        auth: 'editor',
        base: () => ({ section: 'pattern', key: 'html', value: 'v', type: 'html' }),
        fields: [{ name: 'value', max: 20_000 }],
        touches: () => touch.adminContentWrite(),
        then: contentThen,
        cleanup: removeItem,
      },
      {
        label: 'POST admin-content (json)',
        fn: 'admin-content',
        method: 'POST',
        url: '/api/admin/content',
        auth: 'editor',
        base: () => ({ section: 'pattern', key: 'json', value: '{}', type: 'json' }),
        fields: [{ name: 'value' }],
        touches: () => touch.adminContentWrite(),
        cleanup: removeItem,
      },
      {
        label: 'POST admin-content (image)',
        fn: 'admin-content',
        method: 'POST',
        url: '/api/admin/content',
        auth: 'editor',
        base: () => ({ section: 'pattern', key: 'image', value: '/a.png', type: 'image' }),
        fields: [{ name: 'value' }],
        touches: () => touch.adminContentWrite(),
        cleanup: removeItem,
      },
      {
        label: 'POST admin-blog-posts (published)',
        fn: 'admin-blog-posts',
        method: 'POST',
        url: '/api/admin/blog-posts',
        auth: 'editor',
        base: () => ({ title: 'Pattern post', excerpt: 'An excerpt.', content: 'Some content.', status: 'published', tags: ['budgeting'] }),
        fields: postFields,
        touches: () => touch.adminPostsCreate(),
        then: postThen,
        cleanup: removePost,
      },
      {
        label: 'PUT admin-blog-posts (target post)',
        fn: 'admin-blog-posts',
        method: 'PUT',
        url: '/api/admin/blog-posts',
        auth: 'admin',
        base: () => ({
          id: f.targetPostId,
          title: 'Attack target',
          excerpt: 'An excerpt.',
          content: 'Some content.',
          status: 'published',
          tags: [],
        }),
        fields: postFields.filter((field) => field.name !== 'status'),
        touches: () => touch.adminPostsUpdate(f.targetPostId),
        then: postThen,
      },
      {
        label: 'POST admin-resources',
        fn: 'admin-resources',
        method: 'POST',
        url: '/api/admin/resources',
        auth: 'editor',
        base: () => ({ ...RESOURCE_INPUT }),
        fields: [
          { name: 'title', max: 200 },
          { name: 'description', max: 2000 },
          { name: 'fileUrl' },
          { name: 'thumbnailUrl' },
          { name: 'thumbnailAlt', max: 250 },
          { name: 'type' },
        ],
        touches: () => touch.adminResourcesWrite(),
        then: resourcesThen,
        cleanup: removeResource,
      },
      {
        label: 'PUT admin-resources (target resource)',
        fn: 'admin-resources',
        method: 'PUT',
        url: '/api/admin/resources',
        auth: 'admin',
        base: () => ({ id: f.targetResourceId, ...RESOURCE_INPUT }),
        fields: [
          { name: 'title', max: 200 },
          { name: 'description', max: 2000 },
        ],
        touches: () => touch.adminResourcesWrite(),
        then: resourcesThen,
      },
      {
        label: 'POST admin-users',
        fn: 'admin-users',
        method: 'POST',
        url: '/api/admin/users',
        auth: 'admin',
        base: () => ({ username: 'pattern-user', email: 'pattern-user@test.example', password: f.password, role: 'editor' }),
        fields: [{ name: 'username' }, { name: 'email', email: true }, { name: 'password' }, { name: 'role' }],
        touches: () => touch.adminUsersWrite(),
        cleanup: removeUser,
      },
      {
        label: 'POST admin-post-preview',
        fn: 'admin-post-preview',
        method: 'POST',
        url: '/api/admin/post-preview',
        auth: 'editor',
        base: () => ({ content: 'Hello' }),
        fields: [{ name: 'content', max: 100_000 }],
        touches: () => touch.adminPostPreview(),
      },
      {
        // To an editor, which is refused after the body is read: ownership never moves.
        label: 'POST admin-user-owner',
        fn: 'admin-user-owner',
        method: 'POST',
        url: `/api/admin/users/${f.victimUserId}/owner`,
        params: { id: f.victimUserId },
        auth: 'admin',
        base: () => ({ password: f.password }),
        fields: [{ name: 'password' }],
        touches: () => touch.adminUsersWrite(),
      },
      {
        // A wrong current password: the change itself never happens, so the editor's session lives on.
        label: 'POST admin-account-password',
        fn: 'admin-account-password',
        method: 'POST',
        url: '/api/admin/account/password',
        auth: 'editor',
        base: () => ({
          currentPassword: 'not the current password',
          newPassword: 'a brand new passphrase',
          confirmPassword: 'a brand new passphrase',
        }),
        fields: [{ name: 'currentPassword' }, { name: 'newPassword' }, { name: 'confirmPassword' }],
        touches: () => touch.adminUsersWrite(),
      },
      {
        label: 'PUT admin-booking',
        fn: 'admin-booking',
        method: 'PUT',
        url: `/api/admin/bookings/${f.bookingId}`,
        auth: 'admin',
        base: () => ({ status: 'handled' }),
        fields: [{ name: 'status' }],
        touches: () => ({ ...touch.adminBooking(f.bookingId) }),
      },
      {
        label: 'POST admin-newsletter-preview',
        fn: 'admin-newsletter-preview',
        method: 'POST',
        url: '/api/admin/newsletter-preview',
        auth: 'editor',
        base: () => ({ subject: 'Pattern newsletter', body: 'Hello' }),
        fields: [
          { name: 'subject', max: 150 },
          { name: 'body', max: 50_000 },
        ],
        touches: () => touch.adminNewsletterPreview(),
      },
      {
        label: 'POST admin-newsletters',
        fn: 'admin-newsletters',
        method: 'POST',
        url: '/api/admin/newsletters',
        auth: 'editor',
        base: () => ({ subject: 'Pattern newsletter', body: 'Hello' }),
        fields: [{ name: 'subject', max: 150 }, { name: 'body', max: 50_000 }, { name: 'fromPostId' }],
        touches: () => touch.adminNewslettersCreate(),
        cleanup: removeNewsletter,
      },
      {
        label: 'PUT admin-newsletter (target newsletter)',
        fn: 'admin-newsletter',
        method: 'PUT',
        url: `/api/admin/newsletters/${f.newsletterId}`,
        params: { id: f.newsletterId },
        auth: 'editor',
        base: () => ({ subject: 'Attack target newsletter', body: 'Hello' }),
        fields: [
          { name: 'subject', max: 150 },
          { name: 'body', max: 50_000 },
        ],
        touches: () => touch.adminNewsletter(f.newsletterId),
      },
      {
        label: 'GET subscribers',
        fn: 'subscribers',
        method: 'GET',
        url: '/api/subscribers',
        auth: 'editor',
        base: () => ({ search: 'a', page: '1' }),
        fields: [{ name: 'search' }, { name: 'page' }],
        query: () => ({ url: '' }),
        touches: (v, b) => touch.subscribersGet(String(b.search).trim().length <= 254 ? String(b.search) : ''),
      },
      {
        label: 'GET blog-posts',
        fn: 'blog-posts',
        method: 'GET',
        url: '/api/blog-posts',
        base: () => ({ slug: 'x' }),
        fields: [{ name: 'slug' }],
        query: () => ({ url: '' }),
        touches: (v) => touch.blogPosts(v),
      },
      {
        label: 'GET admin-activity',
        fn: 'admin-activity',
        method: 'GET',
        url: '/api/admin/activity',
        auth: 'admin',
        base: () => ({ subject: 'post', actor: 'system', after: 'x', limit: '5' }),
        fields: [{ name: 'subject' }, { name: 'actor' }, { name: 'after' }, { name: 'limit' }],
        query: () => ({ url: '' }),
        touches: () => touch.adminActivity(),
      },
      {
        label: 'GET admin-post-preview',
        fn: 'admin-post-preview',
        method: 'GET',
        url: '/api/admin/post-preview',
        auth: 'editor',
        base: () => ({ slug: 'x' }),
        fields: [{ name: 'slug' }],
        query: () => ({ url: '' }),
        touches: (v) => touch.adminPostPreviewGet(v),
      },
      {
        label: 'GET blog-page',
        fn: 'blog-page',
        method: 'GET',
        url: '/blog',
        base: () => ({ slug: 'x' }),
        fields: [{ name: 'slug' }],
        query: (v) => ({ url: `/blog/${encode(v)}`, params: { slug: v } }),
        touches: (v) => touch.blogPage(v),
      },
      {
        label: 'GET blog-list-page',
        fn: 'blog-list-page',
        method: 'GET',
        url: '/blog',
        base: () => ({ tag: 'x' }),
        fields: [{ name: 'tag' }],
        query: () => ({ url: '' }),
        touches: () => touch.blogListPage(),
      },
    ]

    let fieldIndex = 0
    for (const target of targets) {
      for (const field of target.fields) {
        const patterns = patternsFor(fieldIndex++, field.email === true)
        for (const [k, p] of patterns.entries()) {
          const sizes: { size: string; make: () => string }[] = []
          const withValue = (value: string) => ({ ...target.base(), [field.name]: field.wrap ? field.wrap(value) : value })
          const asRequest = (value: string): { url: string; body?: unknown; params?: Record<string, string> } => {
            const fields = withValue(value)
            if (!target.query) return { url: target.url, body: fields, params: target.params }
            const own = target.query(value)
            if (own.url) return own
            const search = new URLSearchParams(Object.entries(fields).map(([name, v]) => [name, String(v)])).toString()
            return { url: `${target.url}?${search}` }
          }
          sizes.push({ size: 'at the 64 KB limit', make: () => fillTo(BODY_LIMIT, p, (value) => JSON.stringify(asRequest(value))) })
          // Within the field's own limit, so it is stored and then rendered (small size: the first pattern only).
          if (field.max && field.max < BODY_LIMIT && (ATTACK_FULL || k === 0))
            sizes.push({ size: `at the field limit (${field.max})`, make: () => fillTo(field.max!, p, (value) => value) })
          for (const { size, make } of sizes) {
            const value = make()
            const request = asRequest(value)
            const fields = withValue(value)
            const label = `${target.label} ${field.name}=${p.name} ${size}${target.auth ? ` (${target.auth})` : ''}`
            await runner.run(
              attack({
                attack: cls,
                label,
                fn: target.fn,
                method: target.method,
                url: request.url,
                params: request.params,
                auth: target.auth,
                body: request.body,
                local: target.local,
                touches: target.touches(value, fields),
                then: target.then ? (outcome) => target.then!(outcome, label) : undefined,
                cleanup: target.cleanup,
              }),
            )
          }
        }
      }
    }
    // SendGrid's webhook takes up to 1 MB: the patterns at that limit, in an address and in the
    // reason it keeps, against a subscriber put on the list for it (outside the recording).
    const bounced = 'pattern-bounce@test.example'
    for (const [i, field] of (['email', 'reason'] as const).entries()) {
      for (const p of patternsFor(20 + i, field === 'email')) {
        await subscribers.add(bounced)
        await runner.resync()
        const events = (value: string) => [
          sendgridEvent('bounce', field === 'email' ? value : bounced, { reason: field === 'reason' ? value : 'x' }),
        ]
        const value = fillTo(SENDGRID_EVENTS_MAX_BYTES - 64, p, (v) => JSON.stringify(events(v)))
        await runner.run(
          sendgridCall(cls, `${field}=${p.name} at the 1 MB limit`, events(value), [field === 'email' ? value.trim() : bounced, bounced], {
            cleanup: () => subscribers.remove(bounced),
          }),
        )
      }
    }
    finish(cls)
  })

  it('built-in property names as content sections and keys, tags, titles, usernames and emails', { timeout: 1_200_000 }, async () => {
    const cls: AttackClass = 'built-in names'
    const names = ATTACK_FULL ? [...BUILTIN_NAMES, ...MORE_BUILTIN_NAMES] : BUILTIN_NAMES
    const readers = (label: string): AttackCall[] =>
      [
        { attack: cls, label: `${label} -> GET content`, fn: 'content', method: 'GET', url: '/api/content', touches: touch.content() },
        { attack: cls, label: `${label} -> GET about-page`, fn: 'about-page', method: 'GET', url: '/about', touches: touch.aboutPage() },
        { attack: cls, label: `${label} -> GET home-page`, fn: 'home-page', method: 'GET', url: '/', touches: touch.textsPage() },
        {
          attack: cls,
          label: `${label} -> GET not-found-page`,
          fn: 'not-found-page',
          method: 'GET',
          url: '/no-such-page',
          touches: touch.textsPage(),
        },
        {
          attack: cls,
          label: `${label} -> GET blog-list-page`,
          fn: 'blog-list-page',
          method: 'GET',
          url: '/blog',
          touches: touch.blogListPage(),
        },
        {
          attack: cls,
          label: `${label} -> GET blog-page`,
          fn: 'blog-page',
          method: 'GET',
          url: `/blog/${f.seededPosts[0]!.slug}`,
          params: { slug: f.seededPosts[0]!.slug },
          touches: touch.blogPage(f.seededPosts[0]!.slug),
        },
        { attack: cls, label: `${label} -> GET rss`, fn: 'rss', method: 'GET', url: '/rss.xml', touches: touch.rss() },
        { attack: cls, label: `${label} -> GET sitemap`, fn: 'sitemap', method: 'GET', url: '/sitemap.xml', touches: touch.sitemap() },
        ...(ATTACK_FULL
          ? [
              {
                attack: cls,
                label: `${label} -> GET admin-content`,
                fn: 'admin-content',
                method: 'GET',
                url: '/api/admin/content',
                auth: 'editor' as Auth,
                touches: touch.adminContentGet(),
              },
              {
                attack: cls,
                label: `${label} -> GET admin-stats`,
                fn: 'admin-stats',
                method: 'GET',
                url: '/api/admin/stats',
                auth: 'editor' as Auth,
                touches: touch.adminStats(),
              },
            ]
          : []),
      ].map(attack)

    // Content: section and key, with the readers after each save, and the item removed again.
    const pairs: [string, string][] = ATTACK_FULL
      ? names.flatMap((section) => [...names, 'title'].map((key) => [section, key] as [string, string]))
      : [
          ...names.flatMap(
            (name) =>
              [
                [name, 'title'],
                ['home', name],
                [name, name],
              ] as [string, string][],
          ),
          ['constructor', 'keys'],
          ['site', 'constructor'],
        ]
    for (const [section, key] of pairs) {
      const label = `POST admin-content section=${section} key=${key}`
      await runner.run(
        attack({
          attack: cls,
          label,
          fn: 'admin-content',
          method: 'POST',
          url: '/api/admin/content',
          auth: 'editor',
          body: { section, key, value: `Value of ${section}.${key}`, type: 'text' },
          touches: touch.adminContentWrite(),
          then: (outcome) => (outcome.answer.status < 300 ? readers(label) : []),
          cleanup: removeItem,
        }),
      )
    }

    // Posts: every name as a tag of one post, and as a title.
    const postCall = (label: string, body: Record<string, unknown>) =>
      attack({
        attack: cls,
        label,
        fn: 'admin-blog-posts',
        method: 'POST',
        url: '/api/admin/blog-posts',
        auth: 'editor',
        body: { excerpt: 'An excerpt.', content: 'Some content.', status: 'published', tags: [], ...body },
        touches: touch.adminPostsCreate(),
        then: (outcome) => {
          const slug = createdSlug(outcome)
          return slug ? readBackPost(cls, label, slug) : []
        },
        cleanup: removePost,
      })
    await runner.run(
      postCall(`POST admin-blog-posts tags=${JSON.stringify(names.slice(0, 10))}`, { title: 'Built-in tags', tags: names.slice(0, 10) }),
    )
    for (const name of ATTACK_FULL ? names : names.slice(0, 3))
      await runner.run(postCall(`POST admin-blog-posts title=${name}`, { title: name, tags: [name] }))

    // Usernames: create, list, sign in with it, then the user is removed.
    for (const name of names) {
      const label = `POST admin-users username=${name}`
      await runner.run(
        attack({
          attack: cls,
          label,
          fn: 'admin-users',
          method: 'POST',
          url: '/api/admin/users',
          auth: 'admin',
          body: { username: name, email: `${name.replace(/_/g, 'u')}@test.example`, password: f.password, role: 'editor' },
          touches: touch.adminUsersWrite(),
          then: (outcome) =>
            [
              {
                attack: cls,
                label: `${label} -> GET admin-users`,
                fn: 'admin-users',
                method: 'GET',
                url: '/api/admin/users',
                auth: 'admin' as Auth,
                touches: touch.adminUsersGet(),
              },
              {
                attack: cls,
                label: `${label} -> POST admin-login as ${name}`,
                fn: 'admin-login',
                method: 'POST',
                url: '/api/admin/login',
                body: { username: name, password: outcome.answer.status < 300 ? f.password : 'not the password' },
                touches: touch.adminLogin(),
              },
            ].map(attack),
          cleanup: removeUser,
        }),
      )
    }

    // Emails, booking names and resource titles.
    for (const name of names) {
      const email = `${name}@test.example`
      await runner.run(
        attack({
          attack: cls,
          label: `POST subscribers email=${email}`,
          fn: 'subscribers',
          method: 'POST',
          url: '/api/subscribers',
          body: { email },
          touches: touch.subscribe(email),
        }),
      )
      await runner.run(
        attack({
          attack: cls,
          label: `POST send-booking-email firstName=${name} lastName=${name}`,
          fn: 'send-booking-email',
          method: 'POST',
          url: '/.netlify/functions/send-booking-email',
          // The country is chosen from a list (a name not in it is refused): the service carries the name instead.
          body: bookingBody({ firstName: name, lastName: name, company: name, service: name }),
          touches: touch.booking(),
        }),
      )
      // As a service's name it is never one that can be booked (a list is searched, not an object's keys).
      await runner.run(
        attack({
          attack: cls,
          label: `GET booking-slots ?service=${name}`,
          fn: 'booking-slots',
          method: 'GET',
          url: `/api/booking/slots?service=${encodeURIComponent(name)}`,
          touches: touch.bookingSlots(),
          check: ({ answer }) => (answer.status === 404 ? [] : [`answered ${answer.status}, not 404`]),
        }),
      )
      await runner.run(
        attack({
          attack: cls,
          label: `POST booking-sessions firstName=${name} service=${name}`,
          fn: 'booking-sessions',
          method: 'POST',
          url: '/api/booking/sessions',
          body: {
            ...bookingBody({ firstName: name, lastName: name, company: name }),
            service: name,
            start: f.sessionMoveTo,
            timeZone: 'Europe/London',
          },
          touches: touch.bookingSessions(),
          check: ({ answer }) => (answer.status === 404 ? [] : [`answered ${answer.status}, not 404`]),
        }),
      )
      await runner.run(
        attack({
          attack: cls,
          label: `POST admin-resources title=${name}`,
          fn: 'admin-resources',
          method: 'POST',
          url: '/api/admin/resources',
          auth: 'editor',
          body: { ...RESOURCE_INPUT, title: name, description: name },
          touches: touch.adminResourcesWrite(),
          then: (outcome) =>
            outcome.answer.status < 300
              ? [
                  attack({
                    attack: cls,
                    label: `POST admin-resources title=${name} -> GET resources`,
                    fn: 'resources',
                    method: 'GET',
                    url: '/api/resources',
                    touches: touch.resources(),
                  }),
                ]
              : [],
          cleanup: removeResource,
        }),
      )
    }

    // Newsletters: a name as subject and body, read back in the list, by id and through the preview.
    for (const name of names) {
      const label = `POST admin-newsletters subject=${name} body=${name}`
      await runner.run(
        attack({
          attack: cls,
          label,
          fn: 'admin-newsletters',
          method: 'POST',
          url: '/api/admin/newsletters',
          auth: 'editor',
          body: { subject: name, body: name },
          touches: touch.adminNewslettersCreate(),
          then: (outcome) => {
            const id = createdId(outcome, 'newsletter')
            return [
              {
                attack: cls,
                label: `${label} -> GET admin-newsletters`,
                fn: 'admin-newsletters',
                method: 'GET',
                url: '/api/admin/newsletters',
                auth: 'editor' as Auth,
                touches: touch.adminNewslettersGet(),
              },
              ...(id
                ? [
                    {
                      attack: cls,
                      label: `${label} -> GET admin-newsletter`,
                      fn: 'admin-newsletter',
                      method: 'GET',
                      url: `/api/admin/newsletters/${id}`,
                      params: { id },
                      auth: 'editor' as Auth,
                      touches: touch.adminNewsletter(id),
                    },
                  ]
                : []),
              {
                attack: cls,
                label: `${label} -> POST admin-newsletter-preview`,
                fn: 'admin-newsletter-preview',
                method: 'POST',
                url: '/api/admin/newsletter-preview',
                auth: 'editor' as Auth,
                body: { subject: name, body: name },
                touches: touch.adminNewsletterPreview(),
                check: ({ answer }: Outcome) => {
                  const shown = previewOf(answer)
                  return shown.subject === name && shown.text?.includes(name) ? [] : [`the preview shows ${JSON.stringify(shown.subject)}`]
                },
              },
            ].map(attack)
          },
          cleanup: removeNewsletter,
        }),
      )
    }

    // SendGrid events: built-in names as event types, bounce types, reasons and addresses, and as
    // the keys of the events themselves.
    for (const name of names) {
      const email = `${name}@test.example`
      await runner.run(
        sendgridCall(
          cls,
          `event=${name} email=${email}`,
          [
            sendgridEvent(name, email, { type: name, reason: name, status: name }),
            sendgridEvent('bounce', email, { type: name }),
            sendgridEvent('bounce', email, { reason: name, [name]: name }),
            sendgridEvent('dropped', name, { reason: name }),
            sendgridEvent('spamreport', email),
          ],
          [email],
          {
            // The signup made above with this address: the spam report wins, with our own words.
            check: async () => {
              const stored = await subscribers.find(email)
              return !stored || (stored.state === 'complained' && stored.stopped_reason === 'Marked our email as spam')
                ? []
                : [`stored ${JSON.stringify(stored)}`]
            },
          },
        ),
      )
    }
    await runner.run(
      sendgridCall(
        cls,
        'events with __proto__ and constructor keys',
        '[{"__proto__":{"event":"bounce","email":"proto@test.example"},"event":"open","email":"proto@test.example"},' +
          '{"constructor":{"prototype":{"polluted":true}},"event":"spamreport","email":"ctor@test.example"}]',
        ['proto@test.example', 'ctor@test.example'],
      ),
    )
    finish(cls)
  })

  it('replacement patterns ($&, $`, ...) in every text the server renders', { timeout: 1_200_000 }, async () => {
    const cls: AttackClass = 'replacement patterns'
    const rss = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: false })

    /** The rendered page and feed must show the post's texts exactly as typed. */
    const literalChecks =
      (expected: { title: string; excerpt: string; content: string; tags: string[]; siteName: string; author?: string }) =>
      ({ answer }: Outcome): string[] => {
        if (answer.status !== 200) return [`post page answered ${answer.status}`]
        const html = answer.text
        const problems: string[] = []
        const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1]
        const wantTitle = `${expected.title} | ${expected.siteName}`
        if (title === undefined || decodeEntities(title) !== wantTitle)
          problems.push(`<title> is ${JSON.stringify(title?.slice(0, 120))}, not ${JSON.stringify(wantTitle)}`)
        const description = /<meta name="description" content="([^"]*)"/i.exec(html)?.[1]
        if (description === undefined || decodeEntities(description) !== expected.excerpt)
          problems.push(`description is ${JSON.stringify(description?.slice(0, 120))}, not ${JSON.stringify(expected.excerpt)}`)
        const data = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1]
        let shown: { title?: string; excerpt?: string; content?: string; tags?: string[]; author?: string } | undefined
        try {
          shown = data ? (JSON.parse(data) as { post: typeof shown }).post : undefined
        } catch {
          problems.push('the page data block does not parse')
        }
        if (shown) {
          for (const key of ['title', 'excerpt', 'content'] as const)
            if (shown[key] !== expected[key])
              problems.push(`page data ${key} is ${JSON.stringify(shown[key]?.slice(0, 80))}, not ${JSON.stringify(expected[key])}`)
          if (JSON.stringify(shown.tags) !== JSON.stringify(expected.tags))
            problems.push(`page data tags are ${JSON.stringify(shown.tags)}`)
        } else if (data === undefined && html.includes('<!--page-->') === false && !html.includes('id="initial-data"'))
          problems.push('the page has no data block')
        if (!decodeEntities(html.replace(/<[^<>]+>/g, '')).includes(expected.title))
          problems.push(`the page text does not contain the title ${JSON.stringify(expected.title)}`)
        if (expected.author) {
          const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1]
          try {
            const author = (JSON.parse(ld ?? 'null') as { author?: { name?: string } } | null)?.author?.name
            if (author !== expected.author)
              problems.push(`JSON-LD author is ${JSON.stringify(author)}, not ${JSON.stringify(expected.author)}`)
          } catch {
            problems.push('the JSON-LD block does not parse')
          }
        }
        return problems
      }
    // The blog's list, rendered on request: the title as written, in the page's text (not only its data block).
    const listChecks =
      (title: string) =>
      ({ answer }: Outcome): string[] =>
        answer.status !== 200 ||
        decodeEntities(answer.text.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^<>]+>/g, '')).includes(title)
          ? []
          : [`the blog list does not show the title ${JSON.stringify(title)}`]
    const feedChecks =
      (expected: { title: string; excerpt: string; tags: string[]; siteName: string }, slug: string) =>
      ({ answer }: Outcome): string[] => {
        if (answer.status !== 200) return []
        try {
          const feed = rss.parse(answer.text) as { rss?: { channel?: { title?: string; item?: unknown } } }
          const channel = feed.rss?.channel
          const problems: string[] = []
          if (decodeEntities(String(channel?.title)) !== `${expected.siteName} Blog`)
            problems.push(`RSS channel title is ${JSON.stringify(channel?.title)}`)
          const items = ([] as { title?: string; link?: string; description?: string; category?: string | string[] }[])
            .concat((channel?.item ?? []) as never)
            .map((entry) => ({
              ...entry,
              title: entry.title === undefined ? undefined : decodeEntities(entry.title),
              description: entry.description === undefined ? undefined : decodeEntities(entry.description),
              category: entry.category === undefined ? undefined : ([] as string[]).concat(entry.category).map(decodeEntities),
            }))
          const item = items.find((entry) => typeof entry.link === 'string' && entry.link.endsWith(`/blog/${slug}`))
          if (!item) return [...problems, `RSS has no item for /blog/${slug}`]
          if (item.title !== expected.title)
            problems.push(`RSS item title is ${JSON.stringify(item.title)}, not ${JSON.stringify(expected.title)}`)
          if (item.description !== expected.excerpt) problems.push(`RSS item description is ${JSON.stringify(item.description)}`)
          const categories = ([] as string[]).concat(item.category ?? [])
          if (JSON.stringify(categories) !== JSON.stringify(expected.tags))
            problems.push(`RSS categories are ${JSON.stringify(categories)}`)
          return problems
        } catch (error) {
          return [`RSS does not parse: ${String(error)}`]
        }
      }

    const publish = async (
      label: string,
      fields: { title: string; excerpt: string; content: string; tags: string[] },
      siteName: string,
      author?: string,
    ) => {
      await runner.run(
        attack({
          attack: cls,
          label,
          fn: 'admin-blog-posts',
          method: 'POST',
          url: '/api/admin/blog-posts',
          auth: 'editor',
          body: { ...fields, status: 'published' },
          touches: touch.adminPostsCreate(),
          check: ({ answer }) => (answer.status === 201 ? [] : [`the post was not created: ${answer.text.slice(0, 120)}`]),
          then: (outcome) => {
            const slug = createdSlug(outcome)
            if (!slug) return []
            const [page, json, feed, sitemap, list] = readBackPost(cls, label, slug)
            return [
              { ...page!, check: async (o) => [...(await page!.check!(o)), ...literalChecks({ ...fields, siteName, author })(o)] },
              json!,
              { ...feed!, check: async (o) => [...(await feed!.check!(o)), ...feedChecks({ ...fields, siteName }, slug)(o)] },
              sitemap!,
              { ...list!, check: async (o) => [...(await list!.check!(o)), ...listChecks(fields.title)(o)] },
            ]
          },
          cleanup: removePost,
        }),
      )
    }

    const setContent = (label: string, section: string, key: string, value: string) =>
      runner.run(
        attack({
          attack: cls,
          label,
          fn: 'admin-content',
          method: 'POST',
          url: '/api/admin/content',
          auth: 'editor',
          body: { section, key, value, type: 'text' },
          touches: touch.adminContentWrite(),
          check: ({ answer }) => (answer.status === 200 ? [] : [`not saved: ${answer.text.slice(0, 120)}`]),
        }),
      )

    for (const r of REPLACEMENT_PATTERNS) {
      const fields = (field: string) => ({
        title: field === 'title' || field === 'all' ? `Title ${r} end` : 'Plain title',
        excerpt: field === 'excerpt' || field === 'all' ? `Excerpt ${r} end` : 'Plain excerpt.',
        content: field === 'content' || field === 'all' ? `Body ${r} end` : 'Plain body.',
        tags: field === 'tags' || field === 'all' ? [`tag ${r}`] : ['plain'],
      })
      for (const field of ATTACK_FULL ? ['title', 'excerpt', 'content', 'tags', 'all'] : ['all'])
        await publish(`POST admin-blog-posts ${field}=${JSON.stringify(r)}`, fields(field), SITE_NAME, COACH_NAME)

      // The coach's name signs new posts (JSON-LD author); the site's name is in every title and the feed.
      await setContent(`POST admin-content site.coachName="Coach ${r}"`, 'site', 'coachName', `Coach ${r}`)
      await publish(`POST admin-blog-posts signed by coachName="Coach ${r}"`, fields('none'), SITE_NAME, `Coach ${r}`)
      await setContent(`POST admin-content site.coachName restored`, 'site', 'coachName', COACH_NAME)
      await setContent(`POST admin-content site.siteName="Site ${r}"`, 'site', 'siteName', `Site ${r}`)
      await publish(`POST admin-blog-posts under siteName="Site ${r}"`, fields('title'), `Site ${r}`, COACH_NAME)
      await setContent(`POST admin-content site.siteName restored`, 'site', 'siteName', SITE_NAME)

      // Content items, resources and booking emails carry the text as typed.
      const value = `Hello ${r} world`
      await setContent(`POST admin-content home.greeting=${JSON.stringify(value)}`, 'home', 'greeting', value)
      await runner.run(
        attack({
          attack: cls,
          label: `GET content after home.greeting=${JSON.stringify(value)}`,
          fn: 'content',
          method: 'GET',
          url: '/api/content',
          touches: touch.content(),
          check: ({ answer }) => {
            const shown = (JSON.parse(answer.text || '{}') as { content?: { home?: { greeting?: string } } }).content?.home?.greeting
            return shown === value ? [] : [`home.greeting is shown as ${JSON.stringify(shown)}`]
          },
        }),
      )
      await runner.run(
        attack({
          attack: cls,
          label: `POST admin-resources title/description with ${JSON.stringify(r)}`,
          fn: 'admin-resources',
          method: 'POST',
          url: '/api/admin/resources',
          auth: 'editor',
          body: { ...RESOURCE_INPUT, title: `Guide ${r}`, description: `About ${r}` },
          touches: touch.adminResourcesWrite(),
          then: () => [
            attack({
              attack: cls,
              label: `GET resources after title "Guide ${r}"`,
              fn: 'resources',
              method: 'GET',
              url: '/api/resources',
              touches: touch.resources(),
              check: ({ answer }) => {
                const list = (JSON.parse(answer.text || '{}') as { resources?: { title: string; description: string }[] }).resources ?? []
                return list.some((resource) => resource.title === `Guide ${r}` && resource.description === `About ${r}`)
                  ? []
                  : ['the resource is not listed as typed']
              },
            }),
          ],
          cleanup: removeResource,
        }),
      )
      // A newsletter's subject and body as the email shows them, through the renderer the send uses.
      await runner.run(
        attack({
          attack: cls,
          label: `POST admin-newsletter-preview subject/body with ${JSON.stringify(r)}`,
          fn: 'admin-newsletter-preview',
          method: 'POST',
          url: '/api/admin/newsletter-preview',
          auth: 'editor',
          body: { subject: `Notes ${r} end`, body: `Body ${r} end` },
          touches: touch.adminNewsletterPreview(),
          check: ({ answer }) => {
            const shown = previewOf(answer)
            const problems: string[] = []
            if (shown.subject !== `Notes ${r} end`) problems.push(`preview subject is ${JSON.stringify(shown.subject)}`)
            // The body is markdown: "<name>" is a tag to it, which the email drops (the subject is plain text).
            const body = r.includes('<') ? 'Body $ end' : `Body ${r} end`
            if (!shown.text?.includes(body)) problems.push(`preview text does not contain ${JSON.stringify(body)}`)
            if (!decodeEntities(shown.html ?? '').includes(body)) problems.push(`preview HTML does not contain ${JSON.stringify(body)}`)
            return problems
          },
        }),
      )
      await runner.run(
        attack({
          attack: cls,
          label: `POST send-booking-email names and message with ${JSON.stringify(r)}`,
          fn: 'send-booking-email',
          method: 'POST',
          url: '/.netlify/functions/send-booking-email',
          body: bookingBody({ firstName: `Ann ${r}`, lastName: `Lee ${r}`, message: `Message ${r} end` }),
          touches: touch.booking(),
          check: async ({ changes }) => {
            const problems: string[] = []
            for (const change of changes.filter((c) => c.store === 'outbox' && c.change === 'added')) {
              const email = JSON.parse((await storedText('outbox', change.key)) ?? '{}') as { subject?: string; text?: string }
              if (email.subject !== `Booking request: Ann ${r} Lee ${r}`) problems.push(`email subject is ${JSON.stringify(email.subject)}`)
              if (!email.text?.includes(`Message ${r} end`)) problems.push('email text does not contain the message as typed')
            }
            return problems
          },
        }),
      )
    }
    finish(cls)
  })

  it('header and address injection in every email field and in names that reach a subject', { timeout: 1_200_000 }, async () => {
    const cls: AttackClass = 'email injection'
    const coach = process.env.BOOKING_TO_EMAIL ?? 'coach@test.example'
    const crlf = /[\r\n]/
    const examined = { booking: 0, confirmation: 0 }

    /**
     * Every email the call handed to SendGrid (its API mocked in the worker while a key is set, so
     * the site sends as deployed): one personalization with one plain recipient, no cc or bcc, the
     * literal address, and no CR/LF in any header, subject or address.
     */
    const mailChecks =
      (kind: 'booking' | 'confirmation', literal: string) =>
      ({ answer }: Outcome): string[] => {
        if (answer.status < 200 || answer.status >= 300) return []
        const problems: string[] = []
        for (const sent of (answer.mail ?? []) as SendgridMessage[]) {
          examined[kind]++
          const personalizations = sent.personalizations ?? []
          const headers: [string, unknown][] = [
            ['from', sent.from],
            ['reply_to', sent.reply_to],
            ['subject', sent.subject],
            ...Object.entries(sent.headers ?? {}),
            ...personalizations.flatMap((p) => [['subject', p.subject] as [string, unknown], ...Object.entries(p.headers ?? {})]),
          ]
          for (const [name, value] of headers)
            if (value !== undefined && (crlf.test(name) || crlf.test(typeof value === 'string' ? value : JSON.stringify(value))))
              problems.push(`${name} header holds CR/LF: ${JSON.stringify(value)}`)
          const extra = [sent.cc, sent.bcc, ...personalizations.flatMap((p) => [p.cc, p.bcc])].filter((list) => list !== undefined)
          if (extra.length > 0) problems.push(`copies sent to ${JSON.stringify(extra)}`)
          if (personalizations.length !== 1) problems.push(`${personalizations.length} personalizations`)
          const to = personalizations.flatMap((p) => p.to ?? [])
          const visitor = kind === 'booking' ? sent.reply_to : to
          const single = singleAddressProblem(visitor)
          const visitorLabel = kind === 'booking' ? 'reply-to' : 'to'
          if (single) problems.push(`${visitorLabel}: ${single}`)
          else {
            const address = String((Array.isArray(visitor) ? visitor[0] : visitor)?.email)
            if (address.toLowerCase() !== normalizeEmail(literal))
              problems.push(`${visitorLabel} is ${JSON.stringify(address)}, not the address given`)
          }
          if (kind === 'booking' && (to.length !== 1 || to[0]?.email !== coach)) problems.push(`to is ${JSON.stringify(to)}, not the coach`)
        }
        return problems
      }

    /** A stored address must be one plain address too (it is later written into emails and links). */
    const storedAddressCheck =
      (literal: string) =>
      async ({ answer }: Outcome): Promise<string[]> => {
        if (answer.status < 200 || answer.status >= 300) return []
        const problem = singleAddressProblem(normalizeEmail(literal))
        return problem ? [`accepted and stored: ${problem}`] : []
      }

    // As deployed with email set up: what the functions send goes to SendGrid's (mocked) API.
    await runner.withEnv({ SENDGRID_API_KEY: 'SG.attack-suite-key' }, async () => {
      const emails = INJECTED_EMAILS
      for (const { name, value } of emails) {
        await runner.run(
          attack({
            attack: cls,
            label: `POST send-booking-email email=${name}`,
            fn: 'send-booking-email',
            method: 'POST',
            url: '/.netlify/functions/send-booking-email',
            body: bookingBody({ email: value }),
            touches: touch.booking(),
            check: async (outcome) => [...(await storedAddressCheck(value)(outcome)), ...mailChecks('booking', value)(outcome)],
          }),
        )
        await runner.run(
          attack({
            attack: cls,
            label: `POST subscribers email=${name}`,
            fn: 'subscribers',
            method: 'POST',
            url: '/api/subscribers',
            body: { email: value },
            touches: touch.subscribe(value),
            check: async (outcome) => [...(await storedAddressCheck(value)(outcome)), ...mailChecks('confirmation', value)(outcome)],
          }),
        )
        await runner.run(
          attack({
            attack: cls,
            label: `POST unsubscribe ?email=${name} with its valid token`,
            fn: 'unsubscribe',
            method: 'POST',
            url: `/api/unsubscribe?email=${encode(value)}&token=${unsubscribeToken(value)}`,
            touches: touch.unsubscribe(value),
          }),
        )
        await runner.run(
          attack({
            attack: cls,
            label: `POST admin-users email=${name}`,
            fn: 'admin-users',
            method: 'POST',
            url: '/api/admin/users',
            auth: 'admin',
            body: { username: `inject${emails.findIndex((e) => e.value === value)}`, email: value, password: f.password, role: 'editor' },
            touches: touch.adminUsersWrite(),
            check: storedAddressCheck(value),
            cleanup: removeUser,
          }),
        )
      }
      // SendGrid events naming injected addresses, and a reason that tries to add lines: the reason
      // the admin sees (and the CSV carries) is one line.
      await runner.run(
        sendgridCall(
          cls,
          'injected addresses',
          emails.map(({ value }) => sendgridEvent('bounce', value, { reason: 'x' })),
          emails.map(({ value }) => value),
        ),
      )
      const stoppedTarget = 'injected-reason@test.example'
      await subscribers.add(stoppedTarget)
      await runner.resync()
      await runner.run(
        sendgridCall(
          cls,
          'reason with CR/LF and control characters',
          [sendgridEvent('bounce', stoppedTarget, { reason: '550 gone\r\nBcc: x@y.zz\u0000\u2028=HYPERLINK("x")' })],
          [stoppedTarget],
          {
            check: async () => {
              const reason = (await subscribers.find(stoppedTarget))?.stopped_reason ?? ''
              return /^Bounced: [^\p{Cc}\u2028\u2029]+$/u.test(reason) ? [] : [`stored reason ${JSON.stringify(reason)}`]
            },
            cleanup: () => subscribers.remove(stoppedTarget),
          },
        ),
      )
      for (const { name, value } of INJECTED_NAMES) {
        for (const field of ['firstName', 'lastName'] as const) {
          await runner.run(
            attack({
              attack: cls,
              label: `POST send-booking-email ${field}=${name} (goes into the subject)`,
              fn: 'send-booking-email',
              method: 'POST',
              url: '/.netlify/functions/send-booking-email',
              body: bookingBody({ [field]: value, email: 'plain@test.example' }),
              touches: touch.booking(),
              check: mailChecks('booking', 'plain@test.example'),
            }),
          )
        }
      }
      // A plain address and a plain booking: the checks must have read real emails, or they prove nothing.
      await runner.run(
        attack({
          attack: cls,
          label: 'POST subscribers email=a plain new address (control)',
          fn: 'subscribers',
          method: 'POST',
          url: '/api/subscribers',
          body: { email: 'plain.control@test.example' },
          touches: touch.subscribe('plain.control@test.example'),
          check: mailChecks('confirmation', 'plain.control@test.example'),
        }),
      )
      await runner.run(
        attack({
          attack: cls,
          label: 'POST send-booking-email with a plain address (control)',
          fn: 'send-booking-email',
          method: 'POST',
          url: '/.netlify/functions/send-booking-email',
          body: bookingBody({ email: 'plain.control@test.example', message: 'A plain booking, to see the email the checks read.' }),
          touches: touch.booking(),
          check: mailChecks('booking', 'plain.control@test.example'),
        }),
      )
    })
    runner.note(
      cls,
      'the email checks read what SendGrid was sent',
      examined.booking > 0 && examined.confirmation > 0 ? null : `emails examined: ${JSON.stringify(examined)}`,
    )
    finish(cls)
  })

  it(
    'integrity afterwards: documents parse, the seeded admin signs in, the public blog lists the seeded posts',
    { timeout: 120_000 },
    async () => {
      const cls: AttackClass = 'integrity'
      const step = async (label: string, check: () => Promise<string | null>) => {
        try {
          runner.note(cls, label, await check())
        } catch (error) {
          runner.note(cls, label, `threw ${String(error)}`)
        }
      }
      for (const store of ['posts', 'users', 'content', 'resources']) {
        await step(`${store} index`, async () => {
          const text = await storedText(store, 'index')
          if (text === null) return 'missing'
          JSON.parse(text)
          return null
        })
      }
      await step('posts.list()', async () => ((await posts.list()).length > 0 ? null : 'no posts'))
      await step('users.list()', async () => {
        const names = (await users.list()).map((user) => user.username)
        return ['attack-admin', 'attack-editor', 'attack-victim'].every((name) => names.includes(name))
          ? null
          : `users are ${names.join(', ')}`
      })
      await step('content.list()', async () =>
        (await content.list()).some((item) => item.id === f.contentId) ? null : 'the seeded content item is gone',
      )
      await step('resources.list()', async () =>
        (await resources.list()).some((r) => r.id === f.resourceId) ? null : 'the seeded resource is gone',
      )
      await step('bookings.get(seeded)', async () => ((await bookings.get(f.bookingId)) ? null : 'the seeded booking is gone'))
      await step('subscribers.all()', async () =>
        (await subscribers.all()).some((s) => s.email === 'second-reader@test.example') ? null : 'a seeded subscriber is gone',
      )
      await step('every function was attacked', async () => {
        const missing = runner.functions.filter((fn) => !runner.called.has(fn))
        return missing.length === 0 ? null : `never called: ${missing.join(', ')}`
      })
      await step('every method of every contract was attacked', async () => {
        const missing = attackedMethods(runner.functions).filter((method) => !runner.calledMethods.has(method))
        return missing.length === 0 ? null : `never called: ${missing.join(', ')}`
      })

      await runner.run(
        attack({
          attack: cls,
          label: 'POST admin-login as the seeded admin',
          fn: 'admin-login',
          method: 'POST',
          url: '/api/admin/login',
          body: { username: f.admin.user.username, password: f.password },
          touches: touch.adminLogin(),
          check: ({ answer }) =>
            answer.status === 200 && (JSON.parse(answer.text) as { token?: string }).token
              ? []
              : [`the seeded admin cannot sign in: ${answer.status} ${answer.text.slice(0, 120)}`],
        }),
      )
      await runner.run(
        attack({
          attack: cls,
          label: 'GET blog-posts lists the seeded posts',
          fn: 'blog-posts',
          method: 'GET',
          url: '/api/blog-posts',
          touches: touch.blogPosts(null),
          check: ({ answer }) => {
            const listed = new Set(
              ((JSON.parse(answer.text || '{}') as { blogPosts?: { id: string }[] }).blogPosts ?? []).map((post) => post.id),
            )
            const missing = f.seededPosts.filter((post) => !listed.has(post.id))
            return missing.length === 0 ? [] : [`seeded posts missing from the public blog: ${missing.map((post) => post.slug).join(', ')}`]
          },
        }),
      )
      for (const post of f.seededPosts)
        await runner.run(
          attack({
            attack: cls,
            label: `GET blog-page /blog/${post.slug}`,
            fn: 'blog-page',
            method: 'GET',
            url: `/blog/${post.slug}`,
            params: { slug: post.slug },
            touches: touch.blogPage(post.slug),
            check: ({ answer }) => (answer.status === 200 ? [] : [`seeded post page answered ${answer.status}`]),
          }),
        )
      finish(cls)
    },
  )
})
