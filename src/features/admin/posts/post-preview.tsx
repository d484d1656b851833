import type { PostPreview } from './use-post-preview'
import styles from '#src/features/admin/kit/admin-ui.module.css'

/**
 * The live preview beside the post editor: the server's sanitized HTML, styled as the post page's
 * body. While an older version is being looked at, it shows that one instead, named, with the way
 * back to what is in the form.
 */
export function PostPreviewPane({
  title,
  excerpt,
  preview,
  viewing,
}: {
  title: string
  excerpt: string
  preview: PostPreview
  viewing?: { label: string; close: () => void }
}) {
  const note = viewing
    ? viewing.label
    : { updating: 'Updating preview…', failed: 'Preview unavailable. It will try again as you type.', ready: 'Preview' }[preview.status]
  return (
    <section className={styles.preview} aria-labelledby="post-preview-title" aria-busy={preview.status === 'updating'}>
      <p id="post-preview-title" className={styles.previewNote} role="status">
        {note}
      </p>
      {viewing && (
        <button type="button" className={`btn btn-outline btn-small ${styles.previewBack}`} onClick={viewing.close}>
          Back to the editor’s text
        </button>
      )}
      <h2 className={styles.previewTitle}>{title || 'Untitled post'}</h2>
      {excerpt && <p className={styles.previewExcerpt}>{excerpt}</p>}
      {/* Rendered and sanitized by the server, exactly as the post page's body (netlify/lib/pages/markdown.ts). */}
      <div className="prose" data-testid="post-preview-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
    </section>
  )
}
