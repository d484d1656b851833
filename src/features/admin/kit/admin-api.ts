import type { ActivityQuery } from '#domain/activity.ts'
import * as account from '#domain/api/account.ts'
import type { EndpointContract, Method } from '#domain/api/contract.ts'
import * as library from '#domain/api/library.ts'
import * as mail from '#domain/api/mail.ts'
import * as posts from '#domain/api/posts.ts'
import * as site from '#domain/api/site.ts'
import type { BookingStatus } from '#domain/booking.ts'
import type { NewsletterReport, RenderedNewsletter } from '#domain/newsletter.ts'
import type { PostInput } from '#domain/blog-post.ts'
import type { ResourceInput } from '#domain/resource.ts'
import type { SubscriberState } from '#domain/subscriber.ts'
import { callEndpoint, type EndpointCall } from '#src/lib/endpoint-call.ts'
import { readSession } from '#src/lib/session.ts'

/**
 * Every admin call, each by its endpoint's contract (domain/api/), so what it sends and what it
 * answers are the contract's types; each carries the Bearer token (docs/product.md, Admin calls).
 */
const call = <C extends EndpointContract, M extends keyof C['methods'] & Method>(
  contract: C,
  method: M,
  options: EndpointCall<C, M> = {},
) => callEndpoint(contract, method, { ...options, token: readSession()?.token ?? '' })

export type ActivityPage = Awaited<ReturnType<typeof adminApi.activity>>
export type SubscriberPage = Awaited<ReturnType<typeof adminApi.subscribers>>

export const adminApi = {
  logout: () => call(account.adminLogout, 'POST'),
  stats: async () => (await call(posts.adminStats, 'GET')).stats,

  users: async () => (await call(account.adminUsers, 'GET')).users,
  createUser: (input: EndpointCall<typeof account.adminUsers, 'POST'>['body']) => call(account.adminUsers, 'POST', { body: input }),
  deleteUser: (id: string) => call(account.adminUser, 'DELETE', { params: { id } }),
  resetPassword: (id: string, input: EndpointCall<typeof account.adminUserPassword, 'POST'>['body']) =>
    call(account.adminUserPassword, 'POST', { params: { id }, body: input }),
  /** The owner makes another admin the owner, confirming with her own password. */
  handOverOwnership: (id: string, input: EndpointCall<typeof account.adminUserOwner, 'POST'>['body']) =>
    call(account.adminUserOwner, 'POST', { params: { id }, body: input }),
  /** Answers this session's new token: the change ends every session signed with the old one. */
  changePassword: (input: EndpointCall<typeof account.adminAccountPassword, 'POST'>['body']) =>
    call(account.adminAccountPassword, 'POST', { body: input }),
  /** Ends every session of hers, this one included: the caller then clears the stored session. */
  signOutEverywhere: () => call(account.adminAccountSignOut, 'POST'),

  content: async () => (await call(library.adminContent, 'GET')).content,
  saveContent: (input: EndpointCall<typeof library.adminContent, 'POST'>['body']) => call(library.adminContent, 'POST', { body: input }),
  deleteContent: (id: string) => call(library.adminContentItem, 'DELETE', { params: { id } }),

  posts: async () => (await call(posts.adminBlogPosts, 'GET')).blogPosts,
  post: async (id: string) => (await call(posts.adminBlogPost, 'GET', { params: { id } })).blogPost,
  createPost: (input: PostInput) => call(posts.adminBlogPosts, 'POST', { body: input }),
  updatePost: (id: string, input: PostInput) => call(posts.adminBlogPosts, 'PUT', { body: { id, ...input } }),
  deletePost: (id: string) => call(posts.adminBlogPost, 'DELETE', { params: { id } }),
  previewPost: async (content: string, signal?: AbortSignal) =>
    (await call(posts.adminPostPreview, 'POST', { body: { content }, signal })).html,

  resources: async () => (await call(library.adminResources, 'GET')).resources,
  createResource: (input: ResourceInput) => call(library.adminResources, 'POST', { body: input }),
  updateResource: (id: string, input: ResourceInput) => call(library.adminResources, 'PUT', { body: { id, ...input } }),
  deleteResource: (id: string) => call(library.adminResource, 'DELETE', { params: { id } }),

  subscribers: (query: { search: string; page: number; state?: SubscriberState }) => call(site.subscribers, 'GET', { query }),

  activity: (query: ActivityQuery = {}) => call(posts.adminActivity, 'GET', { query }),

  postVersions: async (id: string) => (await call(posts.adminPostVersions, 'GET', { params: { id } })).versions,
  postVersion: async (id: string, versionId: string) => (await call(posts.adminPostVersion, 'GET', { params: { id, versionId } })).version,

  media: async () => (await call(library.adminMedia, 'GET')).files,
  /** A file still in use answers 409 with where; `force` deletes it anyway. */
  deleteMedia: (id: string, force = false) =>
    call(library.adminMediaFile, 'DELETE', { params: { id }, query: { force: force ? '1' : undefined } }),

  newsletters: async () => (await call(mail.adminNewsletters, 'GET')).newsletters,
  /** The newsletter and, once sending started, how many unsubscribed since. */
  newsletter: async (id: string): Promise<NewsletterReport> => {
    const { newsletter, unsubscribedSince } = await call(mail.adminNewsletter, 'GET', { params: { id } })
    return unsubscribedSince === undefined ? { newsletter } : { newsletter, unsubscribedSince }
  },
  /** A new draft, from what was typed or from a published post's title and text. */
  createNewsletter: (input: EndpointCall<typeof mail.adminNewsletters, 'POST'>['body']) =>
    call(mail.adminNewsletters, 'POST', { body: input }),
  updateNewsletter: (id: string, input: EndpointCall<typeof mail.adminNewsletter, 'PUT'>['body']) =>
    call(mail.adminNewsletter, 'PUT', { params: { id }, body: input }),
  deleteNewsletter: (id: string) => call(mail.adminNewsletter, 'DELETE', { params: { id } }),
  previewNewsletter: async (
    input: EndpointCall<typeof mail.adminNewsletterPreview, 'POST'>['body'],
    signal?: AbortSignal,
  ): Promise<RenderedNewsletter> => {
    const { subject, html, text } = await call(mail.adminNewsletterPreview, 'POST', { body: input, signal })
    return { subject, html, text }
  },
  /** Sends the saved version to the signed-in person's own address. */
  testNewsletter: (id: string) => call(mail.adminNewsletterTest, 'POST', { params: { id } }),
  sendNewsletter: (id: string, request: EndpointCall<typeof mail.adminNewsletterSend, 'POST'>['body']) =>
    call(mail.adminNewsletterSend, 'POST', { params: { id }, body: request }),

  bookings: async () => (await call(mail.adminBookings, 'GET')).bookings,
  setBookingStatus: (id: string, status: BookingStatus) => call(mail.adminBooking, 'PUT', { params: { id }, body: { status } }),
}
