import { BLOG_MESSAGES, POST_STATUS_LABELS, type BlogPost, type PostInput, type PostSummary } from '#domain/blog-post.ts'
import { postPath } from '#domain/route-map.ts'
import { formatDateTime } from '#domain/text.ts'
import { postsApi } from './posts-api'
import { CellNote } from '#src/features/admin/kit/admin-table.tsx'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import type { EntityListSpec } from '#src/features/admin/kit/entity-list.tsx'
import { PostForm } from './post-form'

const STATUS_TONES = { draft: 'gray', scheduled: 'amber', published: 'green' } as const

/** Posts: create, edit inline (the body is fetched when Edit is pressed), delete with confirmation. */
export const postsTab: EntityListSpec<PostSummary, BlogPost, PostInput> = {
  crud: {
    subject: (post) => post.title,
    calls: { create: postsApi.createPost, update: postsApi.updatePost, remove: postsApi.deletePost },
    messages: BLOG_MESSAGES,
    open: (post) => postsApi.post(post.id),
    // A draft or scheduled post opens at its own address too: signed-in, she sees it there.
    view: (post) => postPath(post.slug),
    question: (post) => ({ title: 'Delete blog post?', message: `Delete "${post.title}"? This cannot be undone.` }),
  },
  form: PostForm,
  columns: [
    { label: 'Title', look: 'strong', cell: (post) => post.title },
    {
      label: 'Status',
      cell: (post) => (
        <>
          <Badge tone={STATUS_TONES[post.status]}>{POST_STATUS_LABELS[post.status]}</Badge>
          {post.publishAt && <CellNote>{formatDateTime(post.publishAt)}</CellNote>}
        </>
      ),
    },
    { label: 'Tags', look: 'muted', cell: (post) => post.tags.join(', ') || '—' },
    { label: 'Date', look: 'muted', cell: (post) => formatDateTime(post.publishedAt ?? post.createdAt, { time: false }) },
  ],
  empty: 'No blog posts yet.',
  create: { title: 'New blog post', addLabel: 'New post' },
}
