import { useState } from 'react'
import {
  CONTENT_LIST_VALUE_MAX,
  CONTENT_MESSAGES,
  CONTENT_TYPE_LABELS,
  type ContentInput,
  type ContentItem,
} from '../../../domain/content-item'
import { truncate } from '../../../domain/text'
import { EmptyState } from '../../components/ui/empty-state'
import { adminApi } from '../../features/admin/api/admin-api'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import { AdminTable, type Column } from '../../features/admin/components/admin-table'
import styles from '../../features/admin/components/admin-ui.module.css'
import { ContentForm } from '../../features/admin/components/content-form'
import { FlashBanner } from '../../features/admin/components/flash-banner'
import { LoadState } from '../../features/admin/components/load-state'
import { Panel } from '../../features/admin/components/panel'
import { AddButton } from '../../features/admin/components/row-action'
import { useAdminData } from '../../features/admin/use-admin-data'
import { useEntityCrud, type EntityCrud } from '../../features/admin/use-entity-crud'
import { useFlash } from '../../features/admin/use-flash'

const { saved, saveFailed } = CONTENT_MESSAGES

/** Adding and editing are the same call: it creates or replaces the value of a section and key. */
const contentCrud: EntityCrud<ContentItem, ContentItem, ContentInput> = {
  subject: (item) => `${item.section} / ${item.key}`,
  calls: { create: adminApi.saveContent, update: (_id, input) => adminApi.saveContent(input), remove: adminApi.deleteContent },
  messages: { ...CONTENT_MESSAGES, created: saved, updated: saved, createFailed: saveFailed, updateFailed: saveFailed },
  open: (item) => item,
  question: (item) => ({
    title: 'Delete content item?',
    message: `Delete "${item.section} / ${item.key}"? The page falls back to its built-in text.`,
  }),
}

const columns: Column<ContentItem>[] = [
  { label: 'Key', className: styles.cellStrong, cell: (item) => item.key },
  { label: 'Value', className: styles.value, cell: (item) => truncate(item.value, CONTENT_LIST_VALUE_MAX) },
  { label: 'Type', cell: (item) => CONTENT_TYPE_LABELS[item.type] },
  {
    label: 'Updated',
    className: styles.muted,
    cell: (item) => `${new Date(item.updatedAt).toLocaleDateString('en-US')} by ${item.updatedBy}`,
  },
]

/** The items grouped by section, one table each; one form is open at a time, Add or a row's Edit. */
export function ContentPage() {
  const [items, reload] = useAdminData(adminApi.content, CONTENT_MESSAGES.loadFailed)
  const flash = useFlash()
  const [creating, setCreating] = useState(false)
  const list = useEntityCrud(contentCrud, { flash, reload, closeCreate: () => setCreating(false), onEdit: () => setCreating(false) })
  const editor = list.editing && {
    id: list.editing.id,
    form: <ContentForm initial={list.editing} onSave={list.update} onCancel={list.stopEditing} />,
  }

  return (
    <>
      <AdminPageHeader title="Content" description="The texts of the public pages, by section. A missing item shows the built-in text.">
        <AddButton
          label="Add content"
          onClick={() => {
            list.stopEditing()
            setCreating(true)
          }}
        />
      </AdminPageHeader>
      <FlashBanner flash={flash.flash} onClose={flash.clear} />
      {creating && (
        <Panel title="Add content">
          <ContentForm onSave={list.create} onCancel={() => setCreating(false)} />
        </Panel>
      )}
      <LoadState state={items} loading="Loading content…">
        {(data) =>
          data.length === 0 ? (
            <EmptyState message="No content items yet. The site shows its built-in texts." />
          ) : (
            groupBySection(data).map(([section, sectionItems]) => (
              <section key={section} className={`${styles.panel} ${styles.sectionGroup}`} aria-label={`Section ${section}`}>
                <h2 className={styles.sectionName}>{section}</h2>
                <AdminTable columns={columns} rows={sectionItems} actions={list.actions} editor={editor} />
              </section>
            ))
          )
        }
      </LoadState>
      {list.dialog}
    </>
  )
}

function groupBySection(items: ContentItem[]): [string, ContentItem[]][] {
  const groups = new Map<string, ContentItem[]>()
  for (const item of items) groups.set(item.section, [...(groups.get(item.section) ?? []), item])
  return [...groups.entries()]
}
