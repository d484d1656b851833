import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { RESOURCE_MESSAGES, RESOURCE_TYPE_LABELS, type Resource, type ResourceInput } from '../../../../domain/resource'
import { EmptyState } from '../../../components/ui/empty-state'
import { ResourceTypeIcon } from '../../resources/components/resource-type-icon'
import { adminApi } from '../api/admin-api'
import type { useFlash } from '../use-flash'
import styles from './admin-ui.module.css'
import { useConfirm } from './confirm-dialog'
import { ResourceForm } from './resource-form'

type Props = {
  resources: Resource[]
  creating: boolean
  setCreating: (open: boolean) => void
  reload: () => void
  flash: ReturnType<typeof useFlash>
}

export function ResourcesTab({ resources, creating, setCreating, reload, flash }: Props) {
  const { confirm, dialog } = useConfirm()
  const [editing, setEditing] = useState<Resource | null>(null)

  async function create(input: ResourceInput) {
    const ok = await flash.run(() => adminApi.createResource(input), {
      success: RESOURCE_MESSAGES.created,
      failure: RESOURCE_MESSAGES.createFailed,
    })
    if (ok) {
      setCreating(false)
      reload()
    }
    return ok
  }

  async function update(id: string, input: ResourceInput) {
    const ok = await flash.run(() => adminApi.updateResource(id, input), {
      success: RESOURCE_MESSAGES.updated,
      failure: RESOURCE_MESSAGES.updateFailed,
    })
    if (ok) {
      setEditing(null)
      reload()
    }
    return ok
  }

  async function remove(resource: Resource) {
    if (!(await confirm('Delete resource?', `Delete "${resource.title}"? It disappears from the Resources page.`))) return
    if (
      await flash.run(() => adminApi.deleteResource(resource.id), {
        success: RESOURCE_MESSAGES.deleted,
        failure: RESOURCE_MESSAGES.deleteFailed,
      })
    )
      reload()
  }

  return (
    <>
      {creating ? (
        <section className={styles.panel} aria-labelledby="new-resource-title">
          <h2 id="new-resource-title" className={styles.panelTitle}>
            New resource
          </h2>
          <ResourceForm onSave={create} onCancel={() => setCreating(false)} />
        </section>
      ) : (
        <p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" size={18} /> Add resource
          </button>
        </p>
      )}
      {resources.length === 0 ? (
        <EmptyState message="No resources yet." />
      ) : (
        <div className={styles.panel}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Downloads</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {resources.map((resource) =>
                editing?.id === resource.id ? (
                  <tr key={resource.id}>
                    <td colSpan={5}>
                      <ResourceForm initial={editing} onSave={(input) => update(resource.id, input)} onCancel={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : (
                  <tr key={resource.id}>
                    <td data-label="Title" className={styles.cellStrong}>
                      {resource.title}
                    </td>
                    <td data-label="Type">
                      <span className={styles.typeCell}>
                        <ResourceTypeIcon type={resource.type} size={18} />
                        {RESOURCE_TYPE_LABELS[resource.type]}
                      </span>
                    </td>
                    <td data-label="Status">
                      <span className={`${styles.badge} ${resource.isActive ? styles.badgeGreen : styles.badgeGray}`}>
                        {resource.isActive ? 'Active' : 'Inactive'}
                      </span>
                    </td>
                    <td data-label="Downloads" data-testid="download-count">
                      {resource.downloadCount}
                    </td>
                    <td className={styles.actions}>
                      <button type="button" className={styles.iconButton} onClick={() => setEditing(resource)}>
                        <Pencil aria-hidden="true" size={16} /> Edit<span className="visually-hidden"> {resource.title}</span>
                      </button>
                      <button type="button" className={`${styles.iconButton} ${styles.dangerLink}`} onClick={() => remove(resource)}>
                        <Trash2 aria-hidden="true" size={16} /> Delete<span className="visually-hidden"> {resource.title}</span>
                      </button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {dialog}
    </>
  )
}
