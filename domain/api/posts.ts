import { answers, contract } from './contract'
import { ENDPOINTS } from '#domain/endpoints.ts'
import type { ActivityEntry } from '#domain/activity.ts'
import type { AdminStats } from '#domain/admin-stats.ts'
import {
  BLOG_MESSAGES,
  PostInputSchema,
  PostPreviewSchema,
  PostUpdateSchema,
  type BlogPost,
  type PostSummary,
  type PostVersionSummary,
  type RenderedPost,
  type RenderedPostVersion,
} from '#domain/blog-post.ts'

/** The blog in the admin: posts, their saved versions and previews; and the dashboard and history. */

export const adminBlogPosts = contract({
  endpoint: ENDPOINTS.adminBlogPosts,
  methods: {
    GET: {
      access: 'editor',
      answers: '`blogPosts`: every post, drafts included, without bodies',
      answer: answers<{ blogPosts: PostSummary[] }>(),
    },
    POST: {
      access: 'editor',
      sends:
        'title, excerpt, content, featuredImage, featuredImageAlt (its description, optional), status (draft, scheduled, published), tags, slug (optional), publishAt (with scheduled)',
      answers: '201, `blogPost`, "Blog post created successfully"; 409 "Another post already uses this address"',
      body: PostInputSchema,
      status: 201,
      answer: answers<{ blogPost: PostSummary; message: string }>(),
    },
    PUT: {
      access: 'editor',
      sends: 'id and the same fields',
      answers: '`blogPost`, "Blog post updated successfully"; 404 "Blog post not found"',
      body: PostUpdateSchema,
      answer: answers<{ blogPost: PostSummary; message: string }>(),
    },
  },
})

export const adminBlogPost = contract({
  endpoint: ENDPOINTS.adminBlogPost,
  ids: { id: BLOG_MESSAGES.notFound },
  methods: {
    GET: {
      access: 'editor',
      answers: '`blogPost` with its body (for the editor); 404 "Blog post not found"',
      answer: answers<{ blogPost: BlogPost }>(),
    },
    DELETE: {
      access: 'editor',
      answers: '"Blog post deleted successfully"',
      answer: answers<{ message: string }>(),
    },
  },
})

export const adminPostVersions = contract({
  endpoint: ENDPOINTS.adminPostVersions,
  ids: { id: BLOG_MESSAGES.notFound },
  methods: {
    GET: {
      access: 'editor',
      answers: '`versions`: the last ten saves (id, savedAt, savedBy, title), newest first; 404 "Blog post not found"',
      answer: answers<{ versions: PostVersionSummary[] }>(),
    },
  },
})

export const adminPostVersion = contract({
  endpoint: ENDPOINTS.adminPostVersion,
  ids: { id: BLOG_MESSAGES.notFound, versionId: BLOG_MESSAGES.versionNotFound },
  methods: {
    GET: {
      access: 'editor',
      answers: '`version`: its title, excerpt, content, featuredImage, featuredImageAlt, tags, and `html`; 404 "Version not found"',
      answer: answers<{ version: RenderedPostVersion }>(),
    },
  },
})

export const adminPostPreview = contract({
  endpoint: ENDPOINTS.adminPostPreview,
  methods: {
    GET: {
      access: 'editor',
      answers: '`blogPost`: the post at that address, whatever its status, rendered as its page would show it; 404 "Blog post not found"',
      answer: answers<{ blogPost: RenderedPost }>(),
    },
    POST: {
      access: 'editor',
      sends: 'content (may be empty)',
      answers: '`html`: the body as the post page renders it; stores nothing',
      body: PostPreviewSchema,
      answer: answers<{ html: string }>(),
    },
  },
})

export const adminStats = contract({
  endpoint: ENDPOINTS.adminStats,
  methods: {
    GET: {
      access: 'editor',
      answers:
        '`stats`: users, contentItems and lastUpdated (of the texts people saved, not those the demo seed stored), posts, resources, and `email` (transport `sendgrid`, `outbox` or `none`, and the missing settings)',
      answer: answers<{ stats: AdminStats }>(),
    },
  },
})

export const adminActivity = contract({
  endpoint: ENDPOINTS.adminActivity,
  methods: {
    GET: {
      access: 'admin',
      answers:
        '`entries` (id, at, actor, action, subject, recordId, label, changes: each a sentence or a field\'s change `{ label, kind (`time`, `long`), value | before, after }` with labels for stored codes and instants as ISO strings), `next` for the following page',
      answer: answers<{ entries: ActivityEntry[]; next: string | null }>(),
    },
  },
})
