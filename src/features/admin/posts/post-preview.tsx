import { FEATURED_IMAGE_SIZES, IMAGE_WIDTHS, sizedImage } from '#domain/image-src.ts'
import { isSafeUrl } from '#domain/safe-url.ts'
import { Button } from '#src/features/admin/kit/button.tsx'
import { PreviewPane } from '#src/features/admin/kit/preview-pane.tsx'
import { useImageFailed } from '#src/lib/use-image-failed.ts'
import styles from './posts.module.css'
import type { PostPreview } from './use-post-preview'

/**
 * The live preview beside the post editor, in the post page's order: the title, the featured
 * picture, the excerpt, then the body (the server's sanitized HTML, styled as the page's). While an older version is being looked at, it shows that one instead, named, with the way
 * back to what is in the form.
 */
export function PostPreviewPane({
  title,
  excerpt,
  featuredImage,
  featuredImageAlt,
  preview,
  viewing,
}: {
  title: string
  excerpt: string
  featuredImage?: string
  /** Its description, the alt as the post page writes it. */
  featuredImageAlt?: string
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
      {featuredImage && <FeaturedPicture key={featuredImage} url={featuredImage.trim()} alt={featuredImageAlt?.trim() ?? ''} />}
      {excerpt && <p className={styles.previewExcerpt}>{excerpt}</p>}
      {/* Rendered and sanitized by the server, exactly as the post page's body (netlify/lib/pages/markdown.ts). */}
      <div className="prose" data-testid="post-preview-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
    </PreviewPane>
  )
}

/**
 * The featured picture as the post page shows it, with its description as its alt. An address
 * the form would refuse, or one that does not load, shows nothing, as on the page.
 */
function FeaturedPicture({ url, alt }: { url: string; alt: string }) {
  const [failed, watch, onError] = useImageFailed()
  if (!isSafeUrl(url) || failed) return null
  return (
    <img
      ref={watch}
      className={styles.previewFeatured}
      {...sizedImage(url, IMAGE_WIDTHS, FEATURED_IMAGE_SIZES)}
      alt={alt}
      width={1200}
      height={630}
      data-testid="post-preview-featured"
      onError={onError}
    />
  )
}
