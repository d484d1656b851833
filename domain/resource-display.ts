/**
 * What the resources page shows, kept apart from the schemas in resource.ts (which re-exports all
 * of it), like blog-post-display.ts: the public page imports this and stays free of the
 * validation library, within its 100 KB first-load budget (tests/budget).
 */

import { entityMessages } from './entity-messages'
import { valuesOf } from './choices'

export const RESOURCE_TYPE_LABELS = { ebook: 'Ebook', guide: 'Guide', template: 'Template', video: 'Video' } as const
export const RESOURCE_TYPES = valuesOf(RESOURCE_TYPE_LABELS)
export type ResourceType = (typeof RESOURCE_TYPES)[number]

export const RESOURCE_MESSAGES = {
  empty: 'No resources available yet.',
  emptyForType: (type: string) => `No ${type}s available.`,
  viewAll: 'View all resources',
  ...entityMessages('resource'),
  notFound: 'Resource not found',
} as const

export function isResourceType(value: unknown): value is ResourceType {
  return typeof value === 'string' && (RESOURCE_TYPES as readonly string[]).includes(value)
}
