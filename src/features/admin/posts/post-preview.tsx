import { Button } from '#src/features/admin/kit/button.tsx'
import { PreviewPane } from '#src/features/admin/kit/preview-pane.tsx'
import styles from './posts.module.css'
import type { PostPreview } from './use-post-preview'

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
    <PreviewPane note={note} busy={preview.status === 'updating'}>
      {viewing && (
        <Button className={styles.previewBack} onClick={viewing.close}>
          Back to the editor’s text
        </Button>
      )}
      <h2 className={styles.previewTitle}>{title || 'Untitled post'}</h2>
      {excerpt && <p className={styles.previewExcerpt}>{excerpt}</p>}
      {/* Rendered and sanitized by the server, exactly as the post page's body (netlify/lib/pages/markdown.ts). */}
      <div className="prose" data-testid="post-preview-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
    </PreviewPane>
  )
}
