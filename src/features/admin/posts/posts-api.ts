import type { PostInput } from '#domain/blog-post.ts'
import * as posts from '#domain/api/posts.ts'
import { adminCall } from '#src/features/admin/kit/admin-call.ts'

/** The blog posts' calls: the list, one post, its preview and its saved versions. */
export const postsApi = {
  posts: async () => (await adminCall(posts.adminBlogPosts, 'GET')).blogPosts,
  post: async (id: string) => (await adminCall(posts.adminBlogPost, 'GET', { params: { id } })).blogPost,
  createPost: (input: PostInput) => adminCall(posts.adminBlogPosts, 'POST', { body: input }),
  updatePost: (id: string, input: PostInput) => adminCall(posts.adminBlogPosts, 'PUT', { body: { id, ...input } }),
  deletePost: (id: string) => adminCall(posts.adminBlogPost, 'DELETE', { params: { id } }),
  previewPost: async (content: string, signal?: AbortSignal) =>
    (await adminCall(posts.adminPostPreview, 'POST', { body: { content }, signal })).html,
  postVersions: async (id: string) => (await adminCall(posts.adminPostVersions, 'GET', { params: { id } })).versions,
  postVersion: async (id: string, versionId: string) =>
    (await adminCall(posts.adminPostVersion, 'GET', { params: { id, versionId } })).version,
}
