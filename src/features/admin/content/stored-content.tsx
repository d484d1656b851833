import { useState } from 'react'
import {
  CONTENT_LIST_VALUE_MAX,
  CONTENT_MESSAGES,
  CONTENT_TYPE_LABELS,
  isEdited,
  type ContentInput,
  type ContentItem,
} from '#domain/content-item.ts'
import { formatDateTime, truncate } from '#domain/text.ts'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { contentApi } from './content-api'
import { useEntityCrud, type EntityCrud } from '#src/features/admin/kit/use-entity-crud.tsx'
import type { FlashControl } from '#src/features/admin/kit/use-flash.ts'
import { AdminTable, type Column } from '#src/features/admin/kit/admin-table.tsx'
import { Intro } from '#src/features/admin/kit/text.tsx'
import styles from './content.module.css'
import { ContentForm } from './content-form'
import { Panel } from '#src/features/admin/kit/panel.tsx'
import { AddButton } from '#src/features/admin/kit/row-action.tsx'

const { saved, saveFailed } = CONTENT_MESSAGES

/** Adding and editing are the same call: it creates or replaces the value of a section and key. */
const contentCrud: EntityCrud<ContentItem, ContentItem, ContentInput> = {
  subject: (item) => `${item.section} / ${item.key}`,
  calls: { create: contentApi.saveContent, update: (_id, input) => contentApi.saveContent(input), remove: contentApi.deleteContent },
  messages: { ...CONTENT_MESSAGES, created: saved, updated: saved, createFailed: saveFailed, updateFailed: saveFailed },
  open: (item) => item,
  question: (item) => ({
    title: 'Delete content item?',
    message: `Delete "${item.section} / ${item.key}"? The page falls back to its built-in text.`,
  }),
}

const columns: Column<ContentItem>[] = [
  { label: 'Key', look: 'strong', cell: (item) => item.key },
  { label: 'Value', look: 'value', cell: (item) => truncate(item.value, CONTENT_LIST_VALUE_MAX) },
  { label: 'Type', cell: (item) => CONTENT_TYPE_LABELS[item.type] },
  {
    label: 'Updated',
    look: 'muted',
    cell: (item) => (isEdited(item) ? `${formatDateTime(item.updatedAt)} by ${item.updatedBy}` : 'Built-in'),
  },
]

/**
 * Every stored item by section and key, one table per section, for texts no page lists (or to
 * see the raw values): Add content takes a section and key. One form is open at a time.
 */
export function StoredContent({ items, reload, flash }: { items: ContentItem[]; reload: () => void; flash: FlashControl }) {
  const [creating, setCreating] = useState(false)
  const list = useEntityCrud(contentCrud, { flash, reload, closeCreate: () => setCreating(false), onEdit: () => setCreating(false) })
  const editor = list.editing && {
    id: list.editing.id,
    form: <ContentForm initial={list.editing} onSave={list.update} onCancel={list.stopEditing} />,
  }

  return (
    <>
      <div className={styles.header}>
        <Intro>Each text as stored, by section and key. A missing item shows the built-in text.</Intro>
        <AddButton
          label="Add content"
          onClick={() => {
            list.stopEditing()
            setCreating(true)
          }}
        />
      </div>
      {creating && (
        <Panel title="Add content">
          <ContentForm onSave={list.create} onCancel={() => setCreating(false)} />
        </Panel>
      )}
      {items.length === 0 ? (
        <EmptyState message="No content items yet. The site shows its built-in texts." />
      ) : (
        groupBySection(items).map(([section, sectionItems]) => (
          <Panel key={section} className={styles.sectionGroup} label={`Section ${section}`}>
            <h2 className={styles.sectionName}>{section}</h2>
            <AdminTable columns={columns} rows={sectionItems} actions={list.actions} editor={editor} />
          </Panel>
        ))
      )}
      {list.dialog}
    </>
  )
}

function groupBySection(items: ContentItem[]): [string, ContentItem[]][] {
  const groups = new Map<string, ContentItem[]>()
  for (const item of items) groups.set(item.section, [...(groups.get(item.section) ?? []), item])
  return [...groups.entries()]
}
