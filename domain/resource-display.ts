/**
 * What the resources page shows, kept apart from the schemas in resource.ts (which re-exports all
 * of it), like blog-post-display.ts: the public page imports this and stays free of the
 * validation library, within its 100 KB first-load budget (tests/budget).
 */

export const RESOURCE_TYPES = ['ebook', 'guide', 'template', 'video'] as const
export type ResourceType = (typeof RESOURCE_TYPES)[number]

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  ebook: 'Ebook',
  guide: 'Guide',
  template: 'Template',
  video: 'Video',
}

export const RESOURCE_MESSAGES = {
  empty: 'No resources available yet.',
  emptyForType: (type: string) => `No ${type}s available.`,
  viewAll: 'View all resources',
  created: 'Resource created successfully',
  updated: 'Resource updated successfully',
  deleted: 'Resource deleted successfully',
  createFailed: 'Failed to create resource',
  updateFailed: 'Failed to update resource',
  deleteFailed: 'Failed to delete resource',
  notFound: 'Resource not found',
} as const

export function isResourceType(value: unknown): value is ResourceType {
  return typeof value === 'string' && (RESOURCE_TYPES as readonly string[]).includes(value)
}
