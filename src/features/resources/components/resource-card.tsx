import { Download } from 'lucide-react'
import type { PublicResource } from '#domain/resource.ts'
import { RESOURCE_TYPE_LABELS, isResourceType } from '#domain/resource-display.ts'
import { CardImage } from '#src/components/ui/card-image.tsx'
import { recordDownload } from '#src/features/resources/api/record-download.ts'
import { ResourceTypeIcon } from './resource-type-icon'
import styles from './resource-card.module.css'

/** `first`: the list's first card, on screen when the list appears: its picture is fetched at once. */
export function ResourceCard({ resource, first = false }: { resource: PublicResource; first?: boolean }) {
  const typeLabel = isResourceType(resource.type) ? RESOURCE_TYPE_LABELS[resource.type] : resource.type

  return (
    <article className="card card-tile">
      <div className={styles.media} data-type={resource.type}>
        <CardImage
          src={resource.thumbnailUrl}
          first={first}
          fallback={
            <span className={styles.icon}>
              <ResourceTypeIcon type={resource.type} size={40} />
            </span>
          }
        />
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
