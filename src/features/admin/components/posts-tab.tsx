import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { BLOG_MESSAGES, type BlogPost, type PostInput, type PostSummary } from '../../../../domain/blog-post'
import { postPath } from '../../../../domain/route-map'
import { formatLongDate } from '../../../../domain/text'
import { EmptyState } from '../../../components/ui/empty-state'
import { adminApi } from '../api/admin-api'
import type { useFlash } from '../use-flash'
import styles from './admin-ui.module.css'
import { useConfirm } from './confirm-dialog'
import { PostForm } from './post-form'

type Props = {
  posts: PostSummary[]
  creating: boolean
  setCreating: (open: boolean) => void
  reload: () => void
  flash: ReturnType<typeof useFlash>
}

/** Posts: create, edit inline (the body is fetched when Edit is pressed), delete with confirmation. */
export function PostsTab({ posts, creating, setCreating, reload, flash }: Props) {
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState<BlogPost | null>(null)
  const [opening, setOpening] = useState<string | null>(null)

  async function create(input: PostInput) {
    const ok = await flash.run(() => adminApi.createPost(input), { success: BLOG_MESSAGES.created, failure: BLOG_MESSAGES.createFailed })
    if (ok) {
      setCreating(false)
      reload()
    }
    return ok
  }

  async function update(id: string, input: PostInput) {
    const ok = await flash.run(() => adminApi.updatePost(id, input), {
      success: BLOG_MESSAGES.updated,
      failure: BLOG_MESSAGES.updateFailed,
    })
    if (ok) {
      setEditing(null)
      reload()
    }
    return ok
  }

  async function edit(post: PostSummary) {
    setOpening(post.id)
    let full: BlogPost | null = null
    await flash.run(async () => (full = await adminApi.post(post.id)), { success: '', failure: 'Failed to load data' })
    flash.clear()
    setOpening(null)
    if (full) setEditing(full)
    else flash.setFlash({ kind: 'error', text: 'Failed to load data' })
  }

  async function remove(post: PostSummary) {
    if (!(await confirm('Delete blog post?', `Delete "${post.title}"? This cannot be undone.`))) return
    if (await flash.run(() => adminApi.deletePost(post.id), { success: BLOG_MESSAGES.deleted, failure: BLOG_MESSAGES.deleteFailed }))
      reload()
  }

  return (
    <>
      {creating ? (
        <section className={styles.panel} aria-labelledby="new-post-title">
          <h2 id="new-post-title" className={styles.panelTitle}>
            New blog post
          </h2>
          <PostForm onSave={create} onCancel={() => setCreating(false)} />
        </section>
      ) : (
        <p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" size={18} /> New post
          </button>
        </p>
      )}
      {posts.length === 0 ? (
        <EmptyState message="No blog posts yet." />
      ) : (
        <div className={styles.panel}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Tags</th>
                <th scope="col">Date</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) =>
                editing?.id === post.id ? (
                  <tr key={post.id}>
                    <td colSpan={5}>
                      <PostForm initial={editing} onSave={(input) => update(post.id, input)} onCancel={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : (
                  <tr key={post.id}>
                    <td data-label="Title" className={styles.cellStrong}>
                      {post.title}
                    </td>
                    <td data-label="Status">
                      <span className={`${styles.badge} ${post.status === 'published' ? styles.badgeGreen : styles.badgeGray}`}>
                        {post.status === 'published' ? 'Published' : 'Draft'}
                      </span>
                    </td>
                    <td data-label="Tags" className={styles.muted}>
                      {post.tags.join(', ') || '—'}
                    </td>
                    <td data-label="Date" className={styles.muted}>
                      {formatLongDate(post.publishedAt ?? post.createdAt)}
                    </td>
                    <td className={styles.actions}>
                      {post.status === 'published' && (
                        <a className={styles.iconButton} href={postPath(post.slug)} target="_blank" rel="noopener noreferrer">
                          <ExternalLink aria-hidden="true" size={16} /> View<span className="visually-hidden"> {post.title}</span>
                        </a>
                      )}
                      <button type="button" className={styles.iconButton} onClick={() => edit(post)} disabled={opening === post.id}>
                        <Pencil aria-hidden="true" size={16} /> {opening === post.id ? 'Opening…' : 'Edit'}
                        <span className="visually-hidden"> {post.title}</span>
                      </button>
                      <button type="button" className={`${styles.iconButton} ${styles.dangerLink}`} onClick={() => remove(post)}>
                        <Trash2 aria-hidden="true" size={16} /> Delete<span className="visually-hidden"> {post.title}</span>
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {dialog}
    </>
  )
}
