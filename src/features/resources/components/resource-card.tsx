import { Download } from 'lucide-react'
import { cardImage } from '#domain/image-src.ts'
import type { PublicResource } from '#domain/resource.ts'
import { RESOURCE_TYPE_LABELS, isResourceType } from '#domain/resource-display.ts'
import { useImageFailed } from '#src/lib/use-image-failed.ts'
import { recordDownload } from '#src/features/resources/api/record-download.ts'
import { ResourceTypeIcon } from './resource-type-icon'
import styles from './resource-card.module.css'

/** `first`: the list's first card, on screen when the list appears: its picture is fetched at once. */
export function ResourceCard({ resource, first = false }: { resource: PublicResource; first?: boolean }) {
  // A thumbnail that fails to load gives way to the type icon.
  const [thumbnailFailed, watchThumbnail, onThumbnailError] = useImageFailed()
  const showThumbnail = resource.thumbnailUrl && !thumbnailFailed
  const typeLabel = isResourceType(resource.type) ? RESOURCE_TYPE_LABELS[resource.type] : resource.type

  return (
    <article className="card card-tile">
      <div className={styles.media} data-type={resource.type}>
        {showThumbnail ? (
          <img
            ref={watchThumbnail}
            {...cardImage(resource.thumbnailUrl!, first, resource.thumbnailAlt)}
            onError={onThumbnailError}
          />
        ) : (
          <span className={styles.icon}>
            <ResourceTypeIcon type={resource.type} size={40} />
          </span>
        )}
      </div>
      <div className="card-tile-body">
        <span className={styles.type}>{typeLabel}</span>
        <h2 className={styles.title}>{resource.title}</h2>
        <p className={styles.description}>{resource.description}</p>
        <a
          className={`btn btn-secondary ${styles.download}`}
          href={resource.fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => recordDownload(resource.id)}
        >
          <Download aria-hidden="true" size={18} />
          Download Free
          <span className="visually-hidden">: {resource.title} (opens in a new tab)</span>
        </a>
      </div>
    </article>
  )
}
