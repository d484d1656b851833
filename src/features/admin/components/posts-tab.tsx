import { BLOG_MESSAGES, POST_STATUS_LABELS, type BlogPost, type PostInput, type PostSummary } from '../../../../domain/blog-post'
import { postPath } from '../../../../domain/route-map'
import { formatLongDate } from '../../../../domain/text'
import { adminApi } from '../api/admin-api'
import styles from './admin-ui.module.css'
import { Badge } from './badge'
import type { EntityListSpec } from './entity-list'
import { PostForm } from './post-form'

/** Posts: create, edit inline (the body is fetched when Edit is pressed), delete with confirmation. */
export const postsTab: EntityListSpec<PostSummary, BlogPost, PostInput> = {
  crud: {
    subject: (post) => post.title,
    calls: { create: adminApi.createPost, update: adminApi.updatePost, remove: adminApi.deletePost },
    messages: BLOG_MESSAGES,
    open: (post) => adminApi.post(post.id),
    view: (post) => (post.status === 'published' ? postPath(post.slug) : undefined),
    question: (post) => ({ title: 'Delete blog post?', message: `Delete "${post.title}"? This cannot be undone.` }),
  },
  form: PostForm,
  columns: [
    { label: 'Title', className: styles.cellStrong, cell: (post) => post.title },
    {
      label: 'Status',
      cell: (post) => <Badge tone={post.status === 'published' ? 'green' : 'gray'}>{POST_STATUS_LABELS[post.status]}</Badge>,
    },
    { label: 'Tags', className: styles.muted, cell: (post) => post.tags.join(', ') || '—' },
    { label: 'Date', className: styles.muted, cell: (post) => formatLongDate(post.publishedAt ?? post.createdAt) },
  ],
  empty: 'No blog posts yet.',
  create: { title: 'New blog post', addLabel: 'New post' },
}
