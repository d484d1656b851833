import { FileText } from 'lucide-react'
import { isImageType, type MediaListItem } from '../../../../domain/media'
import styles from './admin-ui.module.css'

/** A small picture of a library file: the image itself, or a document icon for a PDF. */
export function MediaPreview({ file }: { file: MediaListItem }) {
  if (isImageType(file.contentType))
    return <img className={styles.mediaThumb} src={file.url} alt="" width={56} height={56} loading="lazy" decoding="async" />
  return (
    <span className={styles.mediaThumb} aria-hidden="true">
      <FileText size={24} />
    </span>
  )
}
