import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as z from 'zod/mini'
import type { Availability } from '#domain/availability.ts'
import { BookingRequestSchema } from '#domain/booking.ts'
import { bookings } from '#lib/data/bookings.ts'
import { content } from '#lib/data/content.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { passwordResets } from '#lib/data/password-resets.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { users } from '#lib/data/users.ts'
import { resetToken } from '#lib/auth/password-reset.ts'
import { createAdmin, createEditor, newSession, TEST_PASSWORD, type SignedInUser } from './auth'
import { TEST_PAGE_TEMPLATE, TEST_SHELL } from './built-pages'
import { createSessionFixture, openAvailability } from './booking'
import { bookingInput } from './factories'
import { createPost, createResource } from './records'

/**
 * The data the attack suite starts from, made through the data modules, and a server of the pages
 * functions render into.
 */

/** dist/post-shell.html as scripts/prerender.ts writes it, reduced to what blog-page.ts looks for. */
export const POST_TEMPLATE = TEST_PAGE_TEMPLATE
export const SHELL_TEMPLATE = TEST_SHELL

/** The templates pages are rendered into on request (netlify/lib/built-pages.ts). */
const RENDERED_TEMPLATES = ['/post-shell.html', '/about-shell.html', '/resources-shell.html', '/blog-shell.html']

/**
 * Serves the page templates (as the post's) and every other *.html as the shell: the origin the
 * attacks' requests name. The functions read their pages from their own files now
 * (tests/support/built-pages.ts stands in), so this only answers code that still fetched them from
 * the request's host, as the site did before (tests/attack/baselines).
 */
export async function startPageServer(): Promise<{ origin: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0] ?? ''
    if (RENDERED_TEMPLATES.includes(path)) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(POST_TEMPLATE)
    else if (/^\/[\w-]+\.html$/.test(path)) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SHELL_TEMPLATE)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export const SITE_NAME = 'Faithful Finances'
export const COACH_NAME = 'Grace Adeyemi'

export type AttackFixtures = {
  admin: SignedInUser
  editor: SignedInUser
  victimUserId: string
  /** Published posts that must still be listed at the end. */
  seededPosts: { id: string; slug: string }[]
  draftId: string
  /** Posts and resources the attacks may change (updates with hostile text). */
  targetPostId: string
  targetResourceId: string
  resourceId: string
  inactiveResourceId: string
  contentId: string
  bookingId: string
  subscriberEmail: string
  /** A draft newsletter the attacks may save over (its id in paths, hostile text in its fields). */
  newsletterId: string
  freshAdminToken: () => Promise<string>
  /** A new session of a user of her own, for "sign out everywhere", which ends all of hers. */
  freshLeaverToken: () => Promise<string>
  /** A live reset link's token for the victim (made as "Forgot your password?" makes one). */
  resetToken: string
  password: string
  /** Her availability (open every hour), a booked session and a free time it may be moved to. */
  availability: Availability
  sessionId: string
  sessionMoveTo: string
}

export async function seedAttackData(): Promise<AttackFixtures> {
  const admin = await createAdmin({ username: 'attack-admin' })
  const editor = await createEditor({ username: 'attack-editor' })
  const victim = await createEditor({ username: 'attack-victim' })
  const leaver = await createEditor({ username: 'attack-leaver' })
  await content.save({ section: 'site', key: 'siteName', value: SITE_NAME, type: 'text' }, 'seed')
  await content.save({ section: 'site', key: 'coachName', value: COACH_NAME, type: 'text' }, 'seed')
  await content.save({ section: 'site', key: 'postalAddress', value: 'PO Box 7\nSpringfield', type: 'text' }, 'seed')
  const item = await content.save({ section: 'home', key: 'title', value: 'Welcome', type: 'text' }, 'seed')
  const seededPosts = []
  for (const title of ['Giving first', 'Saving with purpose', 'Debt free together']) {
    const post = await createPost({ title, status: 'published', tags: ['budgeting'] })
    seededPosts.push({ id: post.id, slug: post.slug })
  }
  const draft = await createPost({ title: 'A draft', status: 'draft' })
  const target = await createPost({ title: 'Attack target', status: 'published' })
  const resource = await createResource()
  const targetResource = await createResource({ title: 'Attack target resource' })
  const inactive = await createResource({ isActive: false })
  const booking = await bookings.add(z.parse(BookingRequestSchema, bookingInput()))
  const subscriberEmail = 'reader@test.example'
  await subscribers.add(subscriberEmail)
  await subscribers.add('second-reader@test.example')
  const newsletter = await newsletters.create({ subject: 'Attack target newsletter', body: 'Hello **friends**.' }, 'seed')
  return {
    admin,
    editor,
    victimUserId: victim.user.id,
    seededPosts,
    draftId: draft.id,
    targetPostId: target.id,
    targetResourceId: targetResource.id,
    resourceId: resource.id,
    inactiveResourceId: inactive.id,
    contentId: item.id,
    bookingId: booking.id,
    subscriberEmail,
    newsletterId: newsletter.id,
    freshAdminToken: () => newSession(admin.user),
    // Read again each time: each sign-out raises her session version.
    freshLeaverToken: async () => newSession((await users.findById(leaver.user.id))!),
    resetToken: await resetToken(victim.user, (await passwordResets.issue(victim.user.id))!),
    password: TEST_PASSWORD,
    availability: openAvailability(),
    ...(await createSessionFixture()),
  }
}
