import { useId, useState, type FormEvent } from 'react'
import type { PostSummary } from '#domain/blog-post.ts'
import { formatLongDate } from '#domain/text.ts'
import styles from '#src/features/admin/kit/admin-ui.module.css'
import { Panel } from '#src/features/admin/kit/panel.tsx'

/**
 * Starts a newsletter from a published post: its title becomes the subject and its text the
 * message, to be edited like any draft.
 */
export function NewsletterFromPost({
  posts,
  onCreate,
  onCancel,
}: {
  posts: PostSummary[]
  onCreate: (postId: string) => Promise<unknown>
  onCancel: () => void
}) {
  const id = useId()
  const published = posts.filter((post) => post.status === 'published')
  const [postId, setPostId] = useState(published[0]?.id ?? '')
  const [creating, setCreating] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!postId) return
    setCreating(true)
    await onCreate(postId)
    setCreating(false)
  }

  return (
    <Panel title="Start from a post">
      {published.length === 0 ? (
        <p className={styles.muted}>There are no published posts yet.</p>
      ) : (
        <form className={styles.scheduleForm} onSubmit={submit} aria-label="Start from a post">
          <div className="field">
            <label htmlFor={`${id}-post`}>Published post</label>
            <select id={`${id}-post`} className="input" value={postId} onChange={(event) => setPostId(event.target.value)}>
              {published.map((post) => (
                <option key={post.id} value={post.id}>
                  {post.title} ({formatLongDate(post.publishedAt)})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-secondary btn-small" disabled={creating}>
            {creating ? 'Creating…' : 'Create draft from this post'}
          </button>
          <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
            Cancel
          </button>
        </form>
      )}
      {published.length === 0 && (
        <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
          Close
        </button>
      )}
    </Panel>
  )
}
