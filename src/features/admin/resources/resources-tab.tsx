import { RESOURCE_MESSAGES, RESOURCE_TYPE_LABELS, type Resource, type ResourceInput } from '#domain/resource.ts'
import { ResourceTypeIcon } from '#src/features/resources/components/resource-type-icon.tsx'
import { resourcesApi } from './resources-api'
import styles from './resources.module.css'
import { Badge } from '#src/features/admin/kit/badge.tsx'
import type { EntityListSpec } from '#src/features/admin/kit/entity-list.tsx'
import { ResourceForm } from './resource-form'

/** Resources: every field is in the list's rows, so Edit opens the row itself. */
export const resourcesTab: EntityListSpec<Resource, Resource, ResourceInput> = {
  crud: {
    subject: (resource) => resource.title,
    calls: { create: resourcesApi.createResource, update: resourcesApi.updateResource, remove: resourcesApi.deleteResource },
    messages: RESOURCE_MESSAGES,
    open: (resource) => resource,
    question: (resource) => ({ title: 'Delete resource?', message: `Delete "${resource.title}"? It disappears from the Resources page.` }),
  },
  form: ResourceForm,
  columns: [
    { label: 'Title', look: 'strong', cell: (resource) => resource.title },
    {
      label: 'Type',
      cell: (resource) => (
        <span className={styles.typeCell}>
          <ResourceTypeIcon type={resource.type} size={18} />
          {RESOURCE_TYPE_LABELS[resource.type]}
        </span>
      ),
    },
    {
      label: 'Status',
      cell: (resource) => <Badge tone={resource.isActive ? 'green' : 'gray'}>{resource.isActive ? 'Active' : 'Inactive'}</Badge>,
    },
    { label: 'Downloads', testId: 'download-count', cell: (resource) => resource.downloadCount },
  ],
  empty: 'No resources yet.',
  create: { title: 'New resource', addLabel: 'Add resource' },
}
