import { BLOG_MESSAGES, POST_STATUS_LABELS, type BlogPost, type PostInput, type PostSummary } from '../../../../domain/blog-post'
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
    create: { call: adminApi.createPost, messages: { success: BLOG_MESSAGES.created, failure: BLOG_MESSAGES.createFailed } },
    update: {
      call: adminApi.updatePost,
      messages: { success: BLOG_MESSAGES.updated, failure: BLOG_MESSAGES.updateFailed },
      open: (post) => adminApi.post(post.id),
    },
    remove: {
      call: adminApi.deletePost,
      messages: { success: BLOG_MESSAGES.deleted, failure: BLOG_MESSAGES.deleteFailed },
      question: (post) => ({ title: 'Delete blog post?', message: `Delete "${post.title}"? This cannot be undone.` }),
    },
    view: (post) => (post.status === 'published' ? `/blog/${post.slug}` : undefined),
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
