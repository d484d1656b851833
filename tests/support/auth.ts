import { CONTRACTS } from '#domain/api/index.ts'
import type { EndpointContract, Method } from '#domain/api/contract.ts'
import type { Context } from '@netlify/functions'
import { generateKeyPair, SignJWT, type JWTPayload } from 'jose'
import * as z from 'zod/mini'
import type { Role, StoredUser } from '#domain/admin-user.ts'
import { BookingRequestSchema } from '#domain/booking.ts'
import * as adminBlogPost from '#functions/admin-blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminBooking from '#functions/admin-booking.ts'
import * as adminBookings from '#functions/admin-bookings.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminContentItem from '#functions/admin-content-item.ts'
import * as adminLogout from '#functions/admin-logout.ts'
import * as adminMedia from '#functions/admin-media.ts'
import * as adminMediaComplete from '#functions/admin-media-complete.ts'
import * as adminMediaFile from '#functions/admin-media-file.ts'
import * as adminMediaPart from '#functions/admin-media-part.ts'
import * as adminNewsletter from '#functions/admin-newsletter.ts'
import * as adminNewsletterPreview from '#functions/admin-newsletter-preview.ts'
import * as adminNewsletterSend from '#functions/admin-newsletter-send.ts'
import * as adminNewsletterTest from '#functions/admin-newsletter-test.ts'
import * as adminNewsletters from '#functions/admin-newsletters.ts'
import * as adminActivity from '#functions/admin-activity.ts'
import * as adminPostPreview from '#functions/admin-post-preview.ts'
import * as adminPostVersion from '#functions/admin-post-version.ts'
import * as adminPostVersions from '#functions/admin-post-versions.ts'
import * as adminResource from '#functions/admin-resource.ts'
import * as adminResources from '#functions/admin-resources.ts'
import * as adminStats from '#functions/admin-stats.ts'
import * as adminSubscriberExport from '#functions/admin-subscriber-export.ts'
import * as adminSubscriberExportFile from '#functions/admin-subscriber-export-file.ts'
import * as adminSubscriberExports from '#functions/admin-subscriber-exports.ts'
import * as adminSubscribersImport from '#functions/admin-subscribers-import.ts'
import * as adminSubscriberClearStop from '#functions/admin-subscriber-clear-stop.ts'
import * as adminSubscriberErase from '#functions/admin-subscriber-erase.ts'
import * as adminAccountPassword from '#functions/admin-account-password.ts'
import * as adminAccountSignOut from '#functions/admin-account-sign-out.ts'
import * as adminUser from '#functions/admin-user.ts'
import * as adminUserOwner from '#functions/admin-user-owner.ts'
import * as adminUserPassword from '#functions/admin-user-password.ts'
import * as adminUsers from '#functions/admin-users.ts'
import * as adminAvailability from '#functions/admin-availability.ts'
import * as adminCalendarFeed from '#functions/admin-calendar-feed.ts'
import * as adminSession from '#functions/admin-session.ts'
import * as adminSessions from '#functions/admin-sessions.ts'
import * as subscribersFunction from '#functions/subscribers.ts'
import { issueToken } from '#lib/auth/session.ts'
import { availability } from '#lib/data/availability.ts'
import { bookings } from '#lib/data/bookings.ts'
import { sessions } from '#lib/data/sessions.ts'
import { content } from '#lib/data/content.ts'
import { media } from '#lib/data/media.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { posts } from '#lib/data/posts.ts'
import { subscriberExports } from '#lib/data/subscriber-exports.ts'
import { toCsv } from '#domain/csv.ts'
import { EXPORT_COLUMNS, exportRow } from '#domain/subscriber-export.ts'
import { resources } from '#lib/data/resources.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { users } from '#lib/data/users.ts'
import { afterAnswers, call, fakeContext, TEST_ORIGIN, type CallOptions } from './call'
import { bookingInput, postInput, resourceInput } from './factories'
import { createPost, createResource, TEST_PASSWORD_COST } from './records'
import { createSessionFixture, openAvailability } from './booking'

/**
 * Signed-in admins and editors for the admin function tests, and every kind of token the server
 * must refuse. Users are made through the users data module (as the admin panel would make them),
 * real tokens come from the server's own issueToken, and bad ones are forged here with jose.
 */

const ISSUER = 'faithful-finances'
const AUDIENCE = 'faithful-finances-admin'
/** What auth.ts falls back to under netlify dev only; a deployed site must never accept it. */
export const LOCAL_DEV_SECRET = 'local-development-only-secret-not-for-production'
export const TEST_PASSWORD = 'correct horse battery'

export type SignedInUser = {
  user: StoredUser
  password: string
  token: string
  authorization: string
}

let sequence = 0

export const bearer = (token: string) => `Bearer ${token}`

/** A stored user (bcrypt-hashed by the data module) and a real token for them. */
export async function createUser(
  role: Role,
  overrides: { username?: string; password?: string; email?: string } = {},
): Promise<SignedInUser> {
  const username = overrides.username ?? `${role}-${process.pid}-${++sequence}`
  const password = overrides.password ?? TEST_PASSWORD
  await users.create(
    {
      username,
      email: overrides.email ?? `${username}@test.example`,
      password,
      role,
    },
    { passwordCost: TEST_PASSWORD_COST },
  )
  const user = await users.findByUsername(username)
  if (!user) throw new Error(`user ${username} was not stored`)
  const token = await issueToken(user)
  return { user, password, token, authorization: bearer(token) }
}

export const createAdmin = (overrides: Parameters<typeof createUser>[1] = {}) => createUser('admin', overrides)
export const createEditor = (overrides: Parameters<typeof createUser>[1] = {}) => createUser('editor', overrides)

/** A second, independent session for the same user (a new jti). */
export async function newSession(user: StoredUser): Promise<string> {
  return bearer(await issueToken(user))
}

function testSecret(): Uint8Array {
  const value = process.env.JWT_SECRET
  if (!value) throw new Error('JWT_SECRET is not set in the test environment')
  return new TextEncoder().encode(value)
}

/** The claims issueToken would put in a token for this user; `overrides` replaces or (with undefined) drops them. */
export function claimsFor(user: StoredUser, overrides: Partial<Record<keyof JWTPayload | 'role' | 'username', unknown>> = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000)
  const claims: Record<string, unknown> = {
    role: user.role,
    username: user.username,
    sub: user.id,
    jti: `forged-${++sequence}`,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now,
    exp: now + 60 * 60,
    ...overrides,
  }
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name]
  return claims as JWTPayload
}

type SignOptions = {
  key?: Uint8Array | CryptoKey
  alg?: string
  claims?: Parameters<typeof claimsFor>[1]
}

/** A token for the user signed with any key and algorithm (by default exactly as the server signs). */
export async function signToken(user: StoredUser, { key = testSecret(), alg = 'HS256', claims = {} }: SignOptions = {}): Promise<string> {
  return new SignJWT(claimsFor(user, claims)).setProtectedHeader({ alg, typ: 'JWT' }).sign(key)
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** The forged tokens a server must refuse, each for a real user with otherwise valid claims. */
export const forge = {
  otherSecret: (user: StoredUser) =>
    signToken(user, {
      key: new TextEncoder().encode('another-secret-another-secret-0123456789abcdef'),
    }),

  /** Signed with the fallback key netlify dev uses: refused wherever JWT_SECRET is set. */
  localDevSecret: (user: StoredUser) => signToken(user, { key: new TextEncoder().encode(LOCAL_DEV_SECRET) }),

  /** `{"alg":"none"}`, the claims, and an empty signature, built by hand (jose will not sign it). */
  algNone: async (user: StoredUser) => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claimsFor(user))}.`,

  /** The right secret, another HMAC algorithm. */
  hs512: (user: StoredUser) => signToken(user, { alg: 'HS512' }),

  /** An RSA key pair of the attacker's own. */
  rs256: async (user: StoredUser) => {
    const { privateKey } = await generateKeyPair('RS256')
    return signToken(user, { key: privateKey, alg: 'RS256' })
  },

  expired: (user: StoredUser) => {
    const now = Math.floor(Date.now() / 1000)
    return signToken(user, {
      claims: { iat: now - 9 * 60 * 60, exp: now - 60 * 60 },
    })
  },

  wrongIssuer: (user: StoredUser) => signToken(user, { claims: { iss: 'someone-else' } }),
  wrongAudience: (user: StoredUser) => signToken(user, { claims: { aud: 'faithful-finances-public' } }),
  noExpiry: (user: StoredUser) => signToken(user, { claims: { exp: undefined } }),
  noJti: (user: StoredUser) => signToken(user, { claims: { jti: undefined } }),
  noSubject: (user: StoredUser) => signToken(user, { claims: { sub: undefined } }),
}

/** A real token of a real admin, whose account is then deleted. */
export async function deletedUserToken(role: Role = 'admin'): Promise<string> {
  const { user, token } = await createUser(role)
  await users.remove(user.id, 'test-harness')
  return token
}

/** A real token, logged out through admin-logout first. */
export async function revokedToken(role: Role = 'admin'): Promise<string> {
  const { token } = await createUser(role)
  const { status } = await call(adminLogout, {
    method: 'POST',
    path: '/api/admin/logout',
    headers: { authorization: bearer(token) },
  })
  if (status !== 200) throw new Error(`logout answered ${status}`)
  return token
}

/** As `call`, for answers read as text: the CSV export, or a body searched for what must never be in it. */
export async function callRaw(
  fn: {
    default: (req: Request, context: Context) => Response | Promise<Response>
  },
  { method = 'GET', path = '/', body, headers = {}, params, ip }: CallOptions = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const init: RequestInit = { method, headers: { ...headers } }
  if (body !== undefined) {
    // Bytes (a media part) go as they are.
    if (body instanceof Uint8Array) init.body = body as Uint8Array<ArrayBuffer>
    else init.body = typeof body === 'string' ? body : JSON.stringify(body)
    // Text goes as JSON, as the site's code sends it (malformed JSON included), unless the test
    // declares another type; bytes declare none unless given.
    const declared = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')
    if (!declared && !(body instanceof Uint8Array)) (init.headers as Record<string, string>)['content-type'] = 'application/json'
  }
  const response = await fn.default(new Request(new URL(path, TEST_ORIGIN), init), fakeContext({ params, ip }))
  const text = await response.text()
  await afterAnswers()
  return { status: response.status, text, headers: response.headers }
}

// ---------------------------------------------------------------------------------------------
// Every admin call, with what it needs to succeed: the auth matrix and the no-secrets sweep run
// the same table, so a new endpoint added here is covered by both.

/** Real ids for the calls whose path or body names a record. */
export type Fixtures = {
  postId: string
  postSlug: string
  postVersionId: string
  resourceId: string
  contentId: string
  bookingId: string
  userId: string
  /** Another admin, whom the owner may hand ownership to. */
  adminId: string
  /** A ready library file; an upload waiting for its one part; an upload with its part stored, to complete. */
  mediaId: string
  mediaUploadId: string
  mediaCompleteId: string
  /** A finished subscriber export; only its owner (`exportOwner`, else nobody) may read it. */
  exportJobId: string
  /** A draft newsletter, with a postal address set and a confirmed subscriber: it may be tested and sent. */
  newsletterId: string
  /** A subscriber whose email was stopped by a bounce: its stop may be cleared. */
  stoppedEmail: string
  /** A booked session (her availability open every hour), and a free time it may be moved to. */
  sessionId: string
  sessionMoveTo: string
}

/** The one part of the fixture upload (text bytes: every table sends it as it is). */
export const MEDIA_FIXTURE_PART = '%PDF-1.7 a part sent by the endpoint tables'
const mediaBytes = () => new TextEncoder().encode(MEDIA_FIXTURE_PART)

/** Who may make the call (docs/decisions.md, Roles checked on the server): admins only, editors too, or anyone signed in. */
export type Access = 'admin' | 'editor' | 'signed-in'

/** Who may call an admin endpoint, as its contract says (domain/api/): the table does not say it again. */
export function contractAccess(name: string): Access {
  const [method, address] = name.split(' ') as [Method, string]
  const path = address.split('?')[0]!
  for (const contract of Object.values(CONTRACTS) as EndpointContract[]) {
    if (contract.endpoint.path?.replace(/:(\w+)/g, '{$1}') !== path) continue
    const access = contract.methods[method]?.access
    if (access === 'admin' || access === 'editor' || access === 'signed-in') return access
  }
  throw new Error(`${name}: no admin contract in domain/api/`)
}

export type AdminEndpoint = {
  name: string
  fn: Parameters<typeof callRaw>[0]
  access: Access
  options: (fixtures: Fixtures) => CallOptions
  /**
   * The call ends the caller's sessions (a password change, sign out everywhere): tables that call it
   * again and again with one user's tokens leave out its success, which
   * tests/functions/admin-account-password.test.ts and admin-account-sign-out.test.ts check.
   */
  endsOwnSessions?: true
  /**
   * The call changes what its caller is (the owner hands ownership over, and is then an admin like
   * the others): tables that call it again and again as one user leave out its success, which
   * tests/functions/admin-users.test.ts checks.
   */
  changesCaller?: true
  /** The body is raw bytes (a media part), not JSON: the bad-JSON tables leave it out. */
  rawBody?: true
}

let bodySequence = 0

/**
 * One record of each kind, made through the data modules; `userId` is an editor an admin may
 * delete (made fresh unless given: bcrypt makes users slow); `adminId` another admin, made fresh
 * unless given; `exportOwner` is whose the export is; `ownerId` an admin made the site's owner
 * first (as a hand-over would), so that her calls include handing it over.
 */
export async function createFixtures({
  userId,
  adminId,
  exportOwner,
  ownerId,
}: { userId?: string; adminId?: string; exportOwner?: string; ownerId?: string } = {}): Promise<Fixtures> {
  const n = ++bodySequence
  const owner = (await users.list()).find((user) => user.owner)
  if (ownerId && owner && owner.id !== ownerId) await users.handOver(owner.id, ownerId)
  const post = await createPost({ status: 'published' })
  const resource = await createResource()
  const item = await content.save({ section: 'fixture', key: `key${n}`, value: 'A value', type: 'text' }, 'fixture')
  const booking = await bookings.add(z.parse(BookingRequestSchema, bookingInput()))
  await subscribers.add(`fixture${n}@test.example`)
  // A send needs someone to send to and the postal address every newsletter carries.
  await subscribers.confirm(`fixture${n}@test.example`)
  await content.save({ section: 'site', key: 'postalAddress', value: NEWSLETTER_FIXTURE_ADDRESS, type: 'text' }, 'fixture')
  const newsletter = await newsletters.create({ subject: `Fixture newsletter ${n}`, body: 'Hello **friends**.' }, 'fixture')
  const stoppedEmail = `stopped${n}@test.example`
  await subscribers.add(stoppedEmail)
  await subscribers.stop({ email: stoppedEmail, state: 'bounced', reason: 'Bounced: fixture' })
  return {
    stoppedEmail,
    postId: post.id,
    postSlug: post.slug,
    postVersionId: (await posts.versions(post.id))[0]!.id,
    resourceId: resource.id,
    contentId: item.id,
    bookingId: booking.id,
    userId: userId ?? (await createEditor()).user.id,
    adminId: adminId ?? (await createAdmin()).user.id,
    exportJobId: await createExport(exportOwner ?? 'fixture-owner'),
    newsletterId: newsletter.id,
    ...(await createMediaFixtures()),
    ...(await createSessionFixture()),
  }
}

export const NEWSLETTER_FIXTURE_ADDRESS = 'Faithful Finances\nPO Box 7, Springfield'

/**
 * A finished export, stored through the data module as the background function leaves one: its
 * file holds the header and one row. Building it from the list would read every subscriber, and
 * the fixtures of a long test file add three each time.
 */
async function createExport(owner: string) {
  const job = await subscriberExports.create(owner)
  const now = new Date().toISOString()
  const csv = toCsv([
    [...EXPORT_COLUMNS],
    exportRow({ id: 'fixture', email: 'fixture@test.example', created_at: now, state: 'confirmed', confirmed_at: now }),
  ])
  await subscriberExports.saveFile(job.id, csv)
  await subscriberExports.update(job, { state: 'done', processed: 1, total: 1, bytes: Buffer.byteLength(csv) })
  return job.id
}

/** The media records the endpoint tables need, made through the data module as the admin's calls would. */
async function createMediaFixtures() {
  const bytes = mediaBytes()
  const fields = { name: 'fixture.pdf', size: bytes.byteLength }
  const ready = await media.start(fields, 'fixture')
  await media.putPart(ready.id, 1, bytes)
  await media.complete(ready.id)
  const waiting = await media.start(fields, 'fixture')
  const toComplete = await media.start(fields, 'fixture')
  await media.putPart(toComplete.id, 1, bytes)
  return { mediaId: ready.id, mediaUploadId: waiting.id, mediaCompleteId: toComplete.id }
}

const withId = (path: string, id: string): Pick<CallOptions, 'path' | 'params'> => ({
  path: `${path}/${id}`,
  params: { id },
})

const ENDPOINT_CALLS: Omit<AdminEndpoint, 'access'>[] = [
  {
    name: 'POST /api/admin/logout',
    fn: adminLogout,
    options: () => ({ method: 'POST', path: '/api/admin/logout' }),
  },
  {
    name: 'GET /api/admin/users',
    fn: adminUsers,
    options: () => ({ path: '/api/admin/users' }),
  },
  {
    name: 'POST /api/admin/users',
    fn: adminUsers,
    options: () => {
      const n = ++bodySequence
      return {
        method: 'POST',
        path: '/api/admin/users',
        body: {
          username: `made${n}`,
          email: `made${n}@test.example`,
          password: 'a long enough password',
          role: 'editor',
        },
      }
    },
  },
  {
    name: 'DELETE /api/admin/users/{id}',
    fn: adminUser,
    options: (f) => ({
      method: 'DELETE',
      ...withId('/api/admin/users', f.userId),
    }),
  },
  {
    name: 'POST /api/admin/users/{id}/password',
    fn: adminUserPassword,
    options: (f) => ({
      method: 'POST',
      ...withId('/api/admin/users', f.userId),
      path: `/api/admin/users/${f.userId}/password`,
      body: { password: 'a temporary passphrase' },
    }),
  },
  {
    name: 'POST /api/admin/users/{id}/owner',
    fn: adminUserOwner,
    changesCaller: true,
    options: (f) => ({
      method: 'POST',
      path: `/api/admin/users/${f.adminId}/owner`,
      params: { id: f.adminId },
      body: { password: TEST_PASSWORD },
    }),
  },
  {
    name: 'POST /api/admin/account/password',
    fn: adminAccountPassword,
    endsOwnSessions: true,
    options: () => ({
      method: 'POST',
      path: '/api/admin/account/password',
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
    }),
  },
  {
    name: 'POST /api/admin/account/sign-out-everywhere',
    fn: adminAccountSignOut,
    endsOwnSessions: true,
    options: () => ({ method: 'POST', path: '/api/admin/account/sign-out-everywhere' }),
  },
  {
    name: 'GET /api/admin/activity',
    fn: adminActivity,
    options: () => ({ path: '/api/admin/activity' }),
  },
  {
    name: 'GET /api/admin/blog-posts/{id}/versions',
    fn: adminPostVersions,
    options: (f) => ({ path: `/api/admin/blog-posts/${f.postId}/versions`, params: { id: f.postId } }),
  },
  {
    name: 'GET /api/admin/blog-posts/{id}/versions/{versionId}',
    fn: adminPostVersion,
    options: (f) => ({
      path: `/api/admin/blog-posts/${f.postId}/versions/${f.postVersionId}`,
      params: { id: f.postId, versionId: f.postVersionId },
    }),
  },
  {
    name: 'GET /api/admin/post-preview?slug=',
    fn: adminPostPreview,
    options: (f) => ({ path: `/api/admin/post-preview?slug=${f.postSlug}` }),
  },
  {
    name: 'POST /api/admin/post-preview',
    fn: adminPostPreview,
    options: () => ({ method: 'POST', path: '/api/admin/post-preview', body: { content: '# Hello\n\nA **preview**.' } }),
  },
  {
    name: 'GET /api/admin/content',
    fn: adminContent,
    options: () => ({ path: '/api/admin/content' }),
  },
  {
    name: 'POST /api/admin/content',
    fn: adminContent,
    options: () => ({
      method: 'POST',
      path: '/api/admin/content',
      body: {
        section: 'home',
        key: `made${++bodySequence}`,
        value: 'Hello',
        type: 'text',
      },
    }),
  },
  {
    name: 'DELETE /api/admin/content/{id}',
    fn: adminContentItem,
    options: (f) => ({
      method: 'DELETE',
      ...withId('/api/admin/content', f.contentId),
    }),
  },
  {
    name: 'GET /api/admin/blog-posts',
    fn: adminBlogPosts,
    options: () => ({ path: '/api/admin/blog-posts' }),
  },
  {
    name: 'POST /api/admin/blog-posts',
    fn: adminBlogPosts,
    options: () => ({
      method: 'POST',
      path: '/api/admin/blog-posts',
      body: postInput(),
    }),
  },
  {
    name: 'PUT /api/admin/blog-posts',
    fn: adminBlogPosts,
    options: (f) => ({
      method: 'PUT',
      path: '/api/admin/blog-posts',
      body: { id: f.postId, ...postInput() },
    }),
  },
  {
    name: 'GET /api/admin/blog-posts/{id}',
    fn: adminBlogPost,
    options: (f) => withId('/api/admin/blog-posts', f.postId),
  },
  {
    name: 'DELETE /api/admin/blog-posts/{id}',
    fn: adminBlogPost,
    options: (f) => ({
      method: 'DELETE',
      ...withId('/api/admin/blog-posts', f.postId),
    }),
  },
  {
    name: 'GET /api/admin/resources',
    fn: adminResources,
    options: () => ({ path: '/api/admin/resources' }),
  },
  {
    name: 'POST /api/admin/resources',
    fn: adminResources,
    options: () => ({
      method: 'POST',
      path: '/api/admin/resources',
      body: resourceInput(),
    }),
  },
  {
    name: 'PUT /api/admin/resources',
    fn: adminResources,
    options: (f) => ({
      method: 'PUT',
      path: '/api/admin/resources',
      body: { id: f.resourceId, ...resourceInput() },
    }),
  },
  {
    name: 'DELETE /api/admin/resources/{id}',
    fn: adminResource,
    options: (f) => ({
      method: 'DELETE',
      ...withId('/api/admin/resources', f.resourceId),
    }),
  },
  {
    name: 'GET /api/admin/media',
    fn: adminMedia,
    options: () => ({ path: '/api/admin/media' }),
  },
  {
    name: 'POST /api/admin/media',
    fn: adminMedia,
    options: () => ({ method: 'POST', path: '/api/admin/media', body: { name: 'guide.pdf', size: 1000, type: 'application/pdf' } }),
  },
  {
    name: 'PUT /api/admin/media/{id}/parts/{n}',
    fn: adminMediaPart,
    rawBody: true,
    options: (f) => ({
      method: 'PUT',
      path: `/api/admin/media/${f.mediaUploadId}/parts/1`,
      params: { id: f.mediaUploadId, n: '1' },
      body: MEDIA_FIXTURE_PART,
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  {
    name: 'POST /api/admin/media/{id}/complete',
    fn: adminMediaComplete,
    options: (f) => ({ method: 'POST', path: `/api/admin/media/${f.mediaCompleteId}/complete`, params: { id: f.mediaCompleteId } }),
  },
  {
    name: 'DELETE /api/admin/media/{id}',
    fn: adminMediaFile,
    options: (f) => ({ method: 'DELETE', ...withId('/api/admin/media', f.mediaId) }),
  },
  {
    name: 'GET /api/admin/bookings',
    fn: adminBookings,
    options: () => ({ path: '/api/admin/bookings' }),
  },
  {
    name: 'PUT /api/admin/bookings/{id}',
    fn: adminBooking,
    options: (f) => ({
      method: 'PUT',
      ...withId('/api/admin/bookings', f.bookingId),
      body: { status: 'handled' },
    }),
  },
  {
    name: 'GET /api/admin/availability',
    fn: adminAvailability,
    options: () => ({ path: '/api/admin/availability' }),
  },
  {
    name: 'PUT /api/admin/availability',
    fn: adminAvailability,
    options: () => ({ method: 'PUT', path: '/api/admin/availability', body: openAvailability() }),
  },
  {
    name: 'POST /api/admin/calendar-feed',
    fn: adminCalendarFeed,
    options: () => ({ method: 'POST', path: '/api/admin/calendar-feed' }),
  },
  {
    name: 'GET /api/admin/sessions',
    fn: adminSessions,
    options: () => ({ path: '/api/admin/sessions' }),
  },
  {
    name: 'POST /api/admin/sessions/{id}',
    fn: adminSession,
    options: (f) => ({ method: 'POST', ...withId('/api/admin/sessions', f.sessionId), body: { start: f.sessionMoveTo } }),
  },
  {
    name: 'DELETE /api/admin/sessions/{id}',
    fn: adminSession,
    options: (f) => ({ method: 'DELETE', ...withId('/api/admin/sessions', f.sessionId) }),
  },
  {
    name: 'POST /api/admin/subscribers/exports',
    fn: adminSubscriberExports,
    options: () => ({ method: 'POST', path: '/api/admin/subscribers/exports' }),
  },
  {
    name: 'GET /api/admin/subscribers/exports/{id}',
    fn: adminSubscriberExport,
    options: (f) => withId('/api/admin/subscribers/exports', f.exportJobId),
  },
  {
    name: 'GET /api/admin/subscribers/exports/{id}/file',
    fn: adminSubscriberExportFile,
    options: (f) => ({ path: `/api/admin/subscribers/exports/${f.exportJobId}/file`, params: { id: f.exportJobId } }),
  },
  {
    name: 'POST /api/admin/subscribers/import',
    fn: adminSubscribersImport,
    options: () => {
      const n = ++bodySequence
      return {
        method: 'POST',
        path: '/api/admin/subscribers/import',
        body: { importId: `fixture-import-${n}`, consent: true, rows: [{ row: 2, email: `imported${n}@test.example` }] },
      }
    },
  },
  {
    name: 'POST /api/admin/subscribers/erase',
    fn: adminSubscriberErase,
    options: () => ({ method: 'POST', path: '/api/admin/subscribers/erase', body: { email: `erased${++bodySequence}@test.example` } }),
  },
  {
    name: 'POST /api/admin/subscribers/clear-stop',
    fn: adminSubscriberClearStop,
    options: (f) => ({ method: 'POST', path: '/api/admin/subscribers/clear-stop', body: { email: f.stoppedEmail } }),
  },
  {
    name: 'GET /api/admin/newsletters',
    fn: adminNewsletters,
    options: () => ({ path: '/api/admin/newsletters' }),
  },
  {
    name: 'POST /api/admin/newsletters',
    fn: adminNewsletters,
    options: () => ({
      method: 'POST',
      path: '/api/admin/newsletters',
      body: { subject: `Made ${++bodySequence}`, body: 'A **warm** word.' },
    }),
  },
  {
    name: 'GET /api/admin/newsletters/{id}',
    fn: adminNewsletter,
    options: (f) => withId('/api/admin/newsletters', f.newsletterId),
  },
  {
    name: 'PUT /api/admin/newsletters/{id}',
    fn: adminNewsletter,
    options: (f) => ({
      method: 'PUT',
      ...withId('/api/admin/newsletters', f.newsletterId),
      body: { subject: 'Saved again', body: 'New words.' },
    }),
  },
  {
    name: 'DELETE /api/admin/newsletters/{id}',
    fn: adminNewsletter,
    options: (f) => ({ method: 'DELETE', ...withId('/api/admin/newsletters', f.newsletterId) }),
  },
  {
    // To the signed-in user's own address, through the outbox (the tests run as netlify dev).
    name: 'POST /api/admin/newsletters/{id}/test',
    fn: adminNewsletterTest,
    options: (f) => ({ method: 'POST', path: `/api/admin/newsletters/${f.newsletterId}/test`, params: { id: f.newsletterId } }),
  },
  {
    // Sending now runs the background worker within the call (tests/support/newsletter-worker.ts), to the outbox.
    name: 'POST /api/admin/newsletters/{id}/send',
    fn: adminNewsletterSend,
    options: (f) => ({
      method: 'POST',
      path: `/api/admin/newsletters/${f.newsletterId}/send`,
      params: { id: f.newsletterId },
      body: { action: 'now' },
    }),
  },
  {
    name: 'POST /api/admin/newsletter-preview',
    fn: adminNewsletterPreview,
    options: () => ({
      method: 'POST',
      path: '/api/admin/newsletter-preview',
      body: { subject: 'Spring notes', body: '# Hello\n\nA **preview**.' },
    }),
  },
  {
    name: 'GET /api/admin/stats',
    fn: adminStats,
    options: () => ({ path: '/api/admin/stats' }),
  },
  {
    name: 'GET /api/subscribers',
    fn: subscribersFunction,
    options: () => ({ path: '/api/subscribers' }),
  },
]

export const ADMIN_ENDPOINTS: AdminEndpoint[] = ENDPOINT_CALLS.map((call) => ({ ...call, access: contractAccess(call.name) }))

/** Everything the admin can change, read back through the data modules, post bodies included. */
export async function snapshotData() {
  const [userList, contentList, postList, resourceList, bookingList, subscriberList, mediaList, sessionList, availabilityDoc] =
    await Promise.all([
      users.list(),
      content.list(),
      posts.list().then((list) => Promise.all(list.map((post) => posts.find({ id: post.id })))),
      resources.listWithExactCounts(),
      bookings.list(),
      subscribers.all(),
      media.list(),
      sessions.list(),
      availability.get(),
    ])
  return {
    users: userList,
    content: contentList,
    posts: postList,
    resources: resourceList,
    bookings: bookingList,
    subscribers: subscriberList,
    media: mediaList,
    sessions: sessionList,
    availability: availabilityDoc,
  }
}
