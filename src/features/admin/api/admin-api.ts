import type { AdminStats } from '../../../../domain/admin-stats'
import type { PublicUser, UserInput } from '../../../../domain/admin-user'
import type { BlogPost, PostInput, PostSummary } from '../../../../domain/blog-post'
import type { BookingStatus, StoredBooking } from '../../../../domain/booking'
import type { ContentInput, ContentItem } from '../../../../domain/content-item'
import type { Resource, ResourceInput } from '../../../../domain/resource'
import type { Subscriber } from '../../../../domain/subscriber'
import { api, paths } from '../../../lib/api-client'
import { readSession } from '../../../lib/session'

/** Every admin call, each with the Bearer token (docs/product.md, Admin calls). */
const call = <T extends object>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown) =>
  api<T & { message?: string }>(path, { method, body, token: readSession()?.token ?? '' })

export type SubscriberPage = { subscribers: Subscriber[]; page: number; pageSize: number; hasMore: boolean }

export const adminApi = {
  logout: () => call('/api/admin/logout', 'POST'),
  stats: async () => (await call<{ stats: AdminStats }>('/api/admin/stats')).stats,

  users: async () => (await call<{ users: PublicUser[] }>('/api/admin/users')).users,
  createUser: (input: UserInput) => call('/api/admin/users', 'POST', input),
  deleteUser: (id: string) => call(`/api/admin/users/${encodeURIComponent(id)}`, 'DELETE'),

  content: async () => (await call<{ content: ContentItem[] }>('/api/admin/content')).content,
  saveContent: (input: ContentInput) => call('/api/admin/content', 'POST', input),
  deleteContent: (id: string) => call(`/api/admin/content/${encodeURIComponent(id)}`, 'DELETE'),

  posts: async () => (await call<{ blogPosts: PostSummary[] }>('/api/admin/blog-posts')).blogPosts,
  post: async (id: string) => (await call<{ blogPost: BlogPost }>(`/api/admin/blog-posts/${encodeURIComponent(id)}`)).blogPost,
  createPost: (input: PostInput) => call('/api/admin/blog-posts', 'POST', input),
  updatePost: (id: string, input: PostInput) => call('/api/admin/blog-posts', 'PUT', { id, ...input }),
  deletePost: (id: string) => call(`/api/admin/blog-posts/${encodeURIComponent(id)}`, 'DELETE'),

  resources: async () => (await call<{ resources: Resource[] }>('/api/admin/resources')).resources,
  createResource: (input: ResourceInput) => call('/api/admin/resources', 'POST', input),
  updateResource: (id: string, input: ResourceInput) => call('/api/admin/resources', 'PUT', { id, ...input }),
  deleteResource: (id: string) => call(`/api/admin/resources/${encodeURIComponent(id)}`, 'DELETE'),

  subscribers: (query: { search: string; page: number }) =>
    call<SubscriberPage>(`${paths.subscribers()}?${new URLSearchParams({ search: query.search, page: String(query.page) })}`),

  bookings: async () => (await call<{ bookings: StoredBooking[] }>('/api/admin/bookings')).bookings,
  setBookingStatus: (id: string, status: BookingStatus) => call(`/api/admin/bookings/${encodeURIComponent(id)}`, 'PUT', { status }),
}
