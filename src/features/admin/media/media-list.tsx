import { Link2, Trash2 } from 'lucide-react'
import { describeUses, formatBytes, MEDIA_MESSAGES, MEDIA_TYPE_LABELS, type MediaListItem } from '#domain/media.ts'
import { formatDateTime } from '#domain/text.ts'
import { AdminList, type Column } from '#src/features/admin/kit/admin-table.tsx'
import { Muted } from '#src/features/admin/kit/text.tsx'
import styles from './media.module.css'
import { MediaPreview } from './media-preview'
import { RowAction } from '#src/features/admin/kit/row-action.tsx'

const columns: Column<MediaListItem>[] = [
  { label: 'Preview', cell: (file) => <MediaPreview file={file} /> },
  {
    label: 'Name',
    look: 'strong',
    cell: (file) => (
      <a href={file.url} target="_blank" rel="noopener noreferrer" className={styles.name}>
        {file.name}
      </a>
    ),
  },
  { label: 'Type', cell: (file) => (file.contentType ? MEDIA_TYPE_LABELS[file.contentType] : '') },
  { label: 'Size', cell: (file) => formatBytes(file.size) },
  { label: 'Dimensions', cell: (file) => (file.width && file.height ? `${file.width} × ${file.height}` : '—') },
  {
    label: 'Uploaded',
    look: 'muted',
    cell: (file) => `${file.uploadedBy}, ${formatDateTime(file.createdAt)}`,
  },
  {
    label: 'Used in',
    testId: 'used-in',
    cell: (file) => (file.usedIn.length > 0 ? describeUses(file.usedIn) : <Muted>Not used yet</Muted>),
  },
]

/** The library's files, each with Copy link and Delete. */
export function MediaList({
  files,
  onCopy,
  onDelete,
}: {
  files: MediaListItem[]
  onCopy: (file: MediaListItem) => void
  onDelete: (file: MediaListItem) => void
}) {
  return (
    <AdminList
      columns={columns}
      rows={files}
      empty={MEDIA_MESSAGES.empty}
      actions={(file) => (
        <>
          <RowAction icon={Link2} label="Copy link" subject={file.name} onClick={() => onCopy(file)} />
          <RowAction icon={Trash2} label="Delete" subject={file.name} danger onClick={() => onDelete(file)} />
        </>
      )}
    />
  )
}
