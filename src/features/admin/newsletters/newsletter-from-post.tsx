import { useState, type FormEvent } from 'react'
import type { PostSummary } from '#domain/blog-post.ts'
import { formatDateTime } from '#domain/text.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { SelectField } from '#src/features/admin/kit/field.tsx'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import styles from './newsletters.module.css'

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
        <>
          <Muted as="p">There are no published posts yet.</Muted>
          <Button onClick={onCancel}>Close</Button>
        </>
      ) : (
        <form className={styles.inlineForm} onSubmit={submit} aria-label="Start from a post">
          <SelectField
            label="Published post"
            value={postId}
            onChange={(event) => setPostId(event.target.value)}
            options={Object.fromEntries(
              published.map((post) => [post.id, `${post.title} (${formatDateTime(post.publishedAt, { time: false })})`]),
            )}
          />
          <Button type="submit" variant="secondary" busy={creating} busyLabel="Creating…">
            Create draft from this post
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </form>
      )}
    </Panel>
  )
}
