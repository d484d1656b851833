import type { ActivityEntry, ActivityQuery } from '../../../../domain/activity'
import type { AdminStats } from '../../../../domain/admin-stats'
import type { OwnerHandoverInput, PasswordChangeInput, PasswordResetInput, PublicUser, SessionUser, UserInput } from '../../../../domain/admin-user'
import type { BlogPost, PostInput, PostSummary, PostVersionSummary, RenderedPostVersion } from '../../../../domain/blog-post'
import type { BookingStatus, StoredBooking } from '../../../../domain/booking'
import type { ContentInput, ContentItem } from '../../../../domain/content-item'
import type { MediaListItem } from '../../../../domain/media'
import type {
  Newsletter,
  NewsletterInput,
  NewsletterReport,
  NewsletterSendRequest,
  RenderedNewsletter,
} from '../../../../domain/newsletter'
import type { Resource, ResourceInput } from '../../../../domain/resource'
import type { Subscriber, SubscriberState } from '../../../../domain/subscriber'
import { api, endpointAddress, paths } from '../../../lib/api-client'
import { readSession } from '../../../lib/session'

/** Every admin call, each with the Bearer token (docs/product.md, Admin calls). */
const call = <T extends object>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown) =>
  api<T & { message?: string }>(path, { method, body, token: readSession()?.token ?? '' })

export type ActivityPage = { entries: ActivityEntry[]; next: string | null }

export type SubscriberPage = { subscribers: Subscriber[]; page: number; pageSize: number; hasMore: boolean }

export const adminApi = {
  logout: () => call(endpointAddress('adminLogout'), 'POST'),
  stats: async () => (await call<{ stats: AdminStats }>(endpointAddress('adminStats'))).stats,

  users: async () => (await call<{ users: PublicUser[] }>(endpointAddress('adminUsers'))).users,
  createUser: (input: UserInput) => call(endpointAddress('adminUsers'), 'POST', input),
  deleteUser: (id: string) => call(endpointAddress('adminUser', { id }), 'DELETE'),
  resetPassword: (id: string, input: PasswordResetInput) => call(endpointAddress('adminUserPassword', { id }), 'POST', input),
  /** The owner makes another admin the owner, confirming with her own password. */
  handOverOwnership: (id: string, input: OwnerHandoverInput) => call(endpointAddress('adminUserOwner', { id }), 'POST', input),
  /** Answers this session's new token: the change ends every session signed with the old one. */
  changePassword: (input: PasswordChangeInput) =>
    call<{ token: string; user: SessionUser; message: string }>(endpointAddress('adminAccountPassword'), 'POST', input),
  /** Ends every session of hers, this one included: the caller then clears the stored session. */
  signOutEverywhere: () => call(endpointAddress('adminAccountSignOut'), 'POST'),

  content: async () => (await call<{ content: ContentItem[] }>(endpointAddress('adminContent'))).content,
  saveContent: (input: ContentInput) => call(endpointAddress('adminContent'), 'POST', input),
  deleteContent: (id: string) => call(endpointAddress('adminContentItem', { id }), 'DELETE'),

  posts: async () => (await call<{ blogPosts: PostSummary[] }>(endpointAddress('adminBlogPosts'))).blogPosts,
  post: async (id: string) => (await call<{ blogPost: BlogPost }>(endpointAddress('adminBlogPost', { id }))).blogPost,
  createPost: (input: PostInput) => call(endpointAddress('adminBlogPosts'), 'POST', input),
  updatePost: (id: string, input: PostInput) => call(endpointAddress('adminBlogPosts'), 'PUT', { id, ...input }),
  deletePost: (id: string) => call(endpointAddress('adminBlogPost', { id }), 'DELETE'),
  previewPost: async (content: string, signal?: AbortSignal) =>
    (
      await api<{ html: string }>(endpointAddress('adminPostPreview'), {
        method: 'POST',
        body: { content },
        token: readSession()?.token ?? '',
        signal,
      })
    ).html,

  resources: async () => (await call<{ resources: Resource[] }>(endpointAddress('adminResources'))).resources,
  createResource: (input: ResourceInput) => call(endpointAddress('adminResources'), 'POST', input),
  updateResource: (id: string, input: ResourceInput) => call(endpointAddress('adminResources'), 'PUT', { id, ...input }),
  deleteResource: (id: string) => call(endpointAddress('adminResource', { id }), 'DELETE'),

  subscribers: (query: { search: string; page: number; state?: SubscriberState }) =>
    call<SubscriberPage>(
      `${paths.subscribers()}?${new URLSearchParams({ search: query.search, page: String(query.page), ...(query.state ? { state: query.state } : {}) })}`,
    ),

  activity: (query: ActivityQuery = {}) => {
    const params = new URLSearchParams(
      Object.entries(query)
        .filter((pair): pair is [string, string] => pair[1] !== undefined)
        .map(([k, v]) => [k, String(v)]),
    )
    return call<ActivityPage>(`${endpointAddress('adminActivity')}?${params}`)
  },

  postVersions: async (id: string) =>
    (await call<{ versions: PostVersionSummary[] }>(endpointAddress('adminPostVersions', { id }))).versions,
  postVersion: async (id: string, versionId: string) =>
    (await call<{ version: RenderedPostVersion }>(endpointAddress('adminPostVersion', { id, versionId }))).version,

  media: async () => (await call<{ files: MediaListItem[] }>(endpointAddress('adminMedia'))).files,
  /** A file still in use answers 409 with where; `force` deletes it anyway. */
  deleteMedia: (id: string, force = false) => call(`${endpointAddress('adminMediaFile', { id })}${force ? '?force=1' : ''}`, 'DELETE'),

  newsletters: async () => (await call<{ newsletters: Newsletter[] }>(endpointAddress('adminNewsletters'))).newsletters,
  /** The newsletter and, once sending started, how many unsubscribed since. */
  newsletter: async (id: string): Promise<NewsletterReport> => {
    const { newsletter, unsubscribedSince } = await call<NewsletterReport>(endpointAddress('adminNewsletter', { id }))
    return { newsletter, unsubscribedSince }
  },
  /** A new draft, from what was typed or from a published post's title and text. */
  createNewsletter: (input: NewsletterInput | { fromPostId: string }) =>
    call<{ newsletter: Newsletter }>(endpointAddress('adminNewsletters'), 'POST', input),
  updateNewsletter: (id: string, input: NewsletterInput) =>
    call<{ newsletter: Newsletter }>(endpointAddress('adminNewsletter', { id }), 'PUT', input),
  deleteNewsletter: (id: string) => call(endpointAddress('adminNewsletter', { id }), 'DELETE'),
  previewNewsletter: async (input: NewsletterInput, signal?: AbortSignal): Promise<RenderedNewsletter> => {
    const { subject, html, text } = await api<RenderedNewsletter>(endpointAddress('adminNewsletterPreview'), {
      method: 'POST',
      body: input,
      token: readSession()?.token ?? '',
      signal,
    })
    return { subject, html, text }
  },
  /** Sends the saved version to the signed-in person's own address. */
  testNewsletter: (id: string) => call(endpointAddress('adminNewsletterTest', { id }), 'POST'),
  sendNewsletter: (id: string, request: NewsletterSendRequest) =>
    call<{ newsletter: Newsletter }>(endpointAddress('adminNewsletterSend', { id }), 'POST', request),

  bookings: async () => (await call<{ bookings: StoredBooking[] }>(endpointAddress('adminBookings'))).bookings,
  setBookingStatus: (id: string, status: BookingStatus) => call(endpointAddress('adminBooking', { id }), 'PUT', { status }),
}
