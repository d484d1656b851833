import { BLOG_MESSAGES, POST_STATUS_LABELS, type BlogPost, type PostInput, type PostSummary } from '#domain/blog-post.ts'
import { postPath } from '#domain/route-map.ts'
import { formatDateTime, formatLongDate } from '#domain/text.ts'
import { adminApi } from '#src/features/admin/kit/admin-api.ts'
import styles from '#src/features/admin/kit/admin-ui.module.css'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import type { EntityListSpec } from '#src/features/admin/kit/entity-list.tsx'
import { PostForm } from './post-form'

const STATUS_TONES = { draft: 'gray', scheduled: 'amber', published: 'green' } as const

/** Posts: create, edit inline (the body is fetched when Edit is pressed), delete with confirmation. */
export const postsTab: EntityListSpec<PostSummary, BlogPost, PostInput> = {
  crud: {
    subject: (post) => post.title,
    calls: { create: adminApi.createPost, update: adminApi.updatePost, remove: adminApi.deletePost },
    messages: BLOG_MESSAGES,
    open: (post) => adminApi.post(post.id),
    // A draft or scheduled post opens at its own address too: signed-in, she sees it there.
    view: (post) => postPath(post.slug),
    question: (post) => ({ title: 'Delete blog post?', message: `Delete "${post.title}"? This cannot be undone.` }),
  },
  form: PostForm,
  columns: [
    { label: 'Title', className: styles.cellStrong, cell: (post) => post.title },
    {
      label: 'Status',
      cell: (post) => (
        <>
          <Badge tone={STATUS_TONES[post.status]}>{POST_STATUS_LABELS[post.status]}</Badge>
          {post.publishAt && <span className={styles.cellNote}>{formatDateTime(post.publishAt)}</span>}
        </>
      ),
    },
    { label: 'Tags', className: styles.muted, cell: (post) => post.tags.join(', ') || '—' },
    { label: 'Date', className: styles.muted, cell: (post) => formatLongDate(post.publishedAt ?? post.createdAt) },
  ],
  empty: 'No blog posts yet.',
  create: { title: 'New blog post', addLabel: 'New post' },
}
