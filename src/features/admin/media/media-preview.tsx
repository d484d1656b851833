import { FileText } from 'lucide-react'
import { imageSrc, isImageType, type MediaListItem } from '#domain/media.ts'
import styles from './media.module.css'

/** A small picture of a library file: the image itself, or a document icon for a PDF. */
export function MediaPreview({ file }: { file: MediaListItem }) {
  if (isImageType(file.contentType))
    // A small copy from the Image CDN (twice the box, for sharp screens), not the whole file.
    return <img className={styles.thumb} src={imageSrc(file.url, 112)} alt="" width={56} height={56} loading="lazy" decoding="async" />
  return (
    <span className={styles.thumb} aria-hidden="true">
      <FileText size={24} />
    </span>
  )
}
