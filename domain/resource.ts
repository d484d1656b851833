import * as z from 'zod/mini'
import {
  IdSchema,
  pictureDescriptionSpec,
  altTextField,
  withRecordId,
  optionalUrlField,
  requiredText,
  urlField,
  type FieldSpec,
} from './fields'

import { RESOURCE_TYPES } from './resource-display'

export * from './resource-display'

/** The resource form's fields, in form order. */
export const RESOURCE_FIELDS = {
  title: { label: 'Title', max: 200 },
  type: { label: 'Type' },
  description: { label: 'Description', max: 2000 },
  fileUrl: { label: 'File', hint: 'What visitors download from the Resources page: a PDF or a picture.' },
  thumbnailUrl: { label: 'Thumbnail (optional)', hint: "Shown on the resource's card on the Resources page." },
  thumbnailAlt: pictureDescriptionSpec('A green book with a sprout on its cover'),
  isActive: { label: 'Active (shown on the Resources page)' },
} as const satisfies Record<string, FieldSpec>

/** What the admin form sends on create, and (with an id) on update. */
export const ResourceInputSchema = z.object({
  title: requiredText('Title is required', RESOURCE_FIELDS.title.max, 'Title'),
  description: requiredText('Description is required', RESOURCE_FIELDS.description.max, 'Description', 'many'),
  type: z._default(z.enum(RESOURCE_TYPES, { error: 'Type must be ebook, guide, template or video' }), 'ebook'),
  fileUrl: urlField('File is required', 'File must be a valid URL'),
  thumbnailUrl: optionalUrlField('Thumbnail URL must be a valid URL'),
  thumbnailAlt: altTextField('Picture description'),
  isActive: z._default(z.boolean({ error: 'Active must be true or false' }), true),
})
export type ResourceInput = z.input<typeof ResourceInputSchema>

export const ResourceUpdateSchema = withRecordId(ResourceInputSchema, 'Resource id is required')

export const ResourceSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  type: z.enum(RESOURCE_TYPES),
  fileUrl: z.string(),
  thumbnailUrl: z.optional(z.string()),
  /** What the thumbnail shows, for screen readers (its alt); none: the picture only decorates. */
  thumbnailAlt: z.optional(z.string()),
  isActive: z.boolean(),
  downloadCount: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Resource = z.infer<typeof ResourceSchema>

/** What visitors receive: nothing about who made it or how often it was fetched. */
export type PublicResource = Pick<
  Resource,
  'id' | 'title' | 'description' | 'type' | 'fileUrl' | 'thumbnailUrl' | 'thumbnailAlt' | 'isActive'
>

export function toPublicResource(resource: Resource): PublicResource {
  const { id, title, description, type, fileUrl, thumbnailUrl, thumbnailAlt, isActive } = resource
  return { id, title, description, type, fileUrl, thumbnailUrl, thumbnailAlt, isActive }
}
