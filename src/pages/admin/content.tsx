import { Pencil, Plus, Trash2 } from 'lucide-react'
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
import { Loading } from '../../components/ui/loading'
import { adminApi } from '../../features/admin/api/admin-api'
import { AdminPageHeader } from '../../features/admin/components/admin-page-header'
import styles from '../../features/admin/components/admin-ui.module.css'
import { useConfirm } from '../../features/admin/components/confirm-dialog'
import { ContentForm } from '../../features/admin/components/content-form'
import { FlashBanner } from '../../features/admin/components/flash-banner'
import { useAdminData } from '../../features/admin/use-admin-data'
import { useFlash } from '../../features/admin/use-flash'

export function ContentPage() {
  const [items, reload] = useAdminData(adminApi.content, CONTENT_MESSAGES.loadFailed)
  const { flash, run, clear } = useFlash()
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null)

  async function save(input: ContentInput) {
    const ok = await run(() => adminApi.saveContent(input), { success: CONTENT_MESSAGES.saved, failure: CONTENT_MESSAGES.saveFailed })
    if (ok) {
      setEditing(null)
      reload()
    }
    return ok
  }

  async function remove(item: ContentItem) {
    if (!(await confirm('Delete content item?', `Delete "${item.section} / ${item.key}"? The page falls back to its built-in text.`)))
      return
    if (await run(() => adminApi.deleteContent(item.id), { success: CONTENT_MESSAGES.deleted, failure: CONTENT_MESSAGES.deleteFailed }))
      reload()
  }

  const sections = items.status === 'ready' ? groupBySection(items.data) : []

  return (
    <>
      <AdminPageHeader title="Content" description="The texts of the public pages, by section. A missing item shows the built-in text.">
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" size={18} /> Add content
        </button>
      </AdminPageHeader>
      <FlashBanner flash={flash} onClose={clear} />
      {editing === 'new' && (
        <section className={styles.panel} aria-labelledby="content-form-title">
          <h2 id="content-form-title" className={styles.panelTitle}>
            Add content
          </h2>
          <ContentForm onSave={save} onCancel={() => setEditing(null)} />
        </section>
      )}
      {items.status === 'loading' && <Loading label="Loading content…" />}
      {items.status === 'error' && (
        <p className="notice notice-error" role="alert">
          {items.error}
        </p>
      )}
      {items.status === 'ready' && items.data.length === 0 && (
        <EmptyState message="No content items yet. The site shows its built-in texts." />
      )}
      {sections.map(([section, sectionItems]) => (
        <section key={section} className={`${styles.panel} ${styles.sectionGroup}`} aria-label={`Section ${section}`}>
          <h2 className={styles.sectionName}>{section}</h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Value</th>
                <th scope="col">Type</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sectionItems.map((item) =>
                editing !== 'new' && editing?.id === item.id ? (
                  <tr key={item.id}>
                    <td colSpan={5}>
                      <ContentForm initial={item} onSave={save} onCancel={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : (
                  <tr key={item.id}>
                    <td data-label="Key" className={styles.cellStrong}>
                      {item.key}
                    </td>
                    <td data-label="Value" className={styles.value}>
                      {truncate(item.value, CONTENT_LIST_VALUE_MAX)}
                    </td>
                    <td data-label="Type">{CONTENT_TYPE_LABELS[item.type]}</td>
                    <td data-label="Updated" className={styles.muted}>
                      {new Date(item.updatedAt).toLocaleDateString('en-US')} by {item.updatedBy}
                    </td>
                    <td className={styles.actions}>
                      <button type="button" className={styles.iconButton} onClick={() => setEditing(item)}>
                        <Pencil aria-hidden="true" size={16} /> Edit
                        <span className="visually-hidden">
                          {' '}
                          {item.section} / {item.key}
                        </span>
                      </button>
                      <button type="button" className={`${styles.iconButton} ${styles.dangerLink}`} onClick={() => remove(item)}>
                        <Trash2 aria-hidden="true" size={16} /> Delete
                        <span className="visually-hidden">
                          {' '}
                          {item.section} / {item.key}
                        </span>
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </section>
      ))}
      {dialog}
    </>
  )
}

function groupBySection(items: ContentItem[]): [string, ContentItem[]][] {
  const groups = new Map<string, ContentItem[]>()
  for (const item of items) groups.set(item.section, [...(groups.get(item.section) ?? []), item])
  return [...groups.entries()]
}
