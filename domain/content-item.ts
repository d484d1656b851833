import * as z from 'zod/mini'
import { entityMessages } from './entity-messages'
import { valuesOf } from './choices'
import { IdSchema, isOneLine, isSafeUrl, linesMessage, requiredText, type FieldSpec } from './fields'
import { altTextProblem, catalogEntry, listTextIssues, parseListText, pictureOfAlt } from './text-catalog'

/** The image type is labelled "Image URL" in the form. */
export const CONTENT_TYPE_LABELS = { text: 'Text', html: 'HTML', image: 'Image URL', json: 'JSON' } as const
export const CONTENT_TYPES = valuesOf(CONTENT_TYPE_LABELS)
export type ContentType = (typeof CONTENT_TYPES)[number]

/** Values longer than this are cut with an ellipsis in the admin list (docs/product.md, Constants). */
export const CONTENT_LIST_VALUE_MAX = 200

/** Adding and editing are one call here, so both say "saved". */
export const CONTENT_MESSAGES = {
  ...entityMessages('content', 'content'),
  saved: 'Content saved successfully',
  saveFailed: 'Failed to save content',
  notFound: 'Content item not found',
} as const

/** The content form's fields, in form order; an image's value is labelled "Image URL". */
export const CONTENT_FIELDS = {
  section: { label: 'Section', max: 60 },
  key: { label: 'Key', max: 60 },
  type: { label: 'Type' },
  value: { label: 'Value', max: 20_000 },
} as const satisfies Record<string, FieldSpec>

const NAME_PATTERN = /^[A-Z0-9][\w.-]*$/i

/** POST /api/admin/content creates or, for an existing section and key, replaces the value. */
export const ContentInputSchema = z
  .object({
    section: requiredText('Section is required', CONTENT_FIELDS.section.max, 'Section').check(
      z.regex(NAME_PATTERN, { error: 'Section may use letters, digits, dots, dashes and underscores' }),
    ),
    key: requiredText('Key is required', CONTENT_FIELDS.key.max, 'Key').check(
      z.regex(NAME_PATTERN, { error: 'Key may use letters, digits, dots, dashes and underscores' }),
    ),
    // Many lines: paragraphs, HTML and JSON; a text the pages show on one line is checked below.
    value: requiredText('Value is required', CONTENT_FIELDS.value.max, 'Value', 'many'),
    type: z._default(z.enum(CONTENT_TYPES, { error: 'Type must be text, html, image or json' }), 'text'),
  })
  .check(
    z.refine((item) => item.type !== 'image' || isImageUrl(item.value), { error: 'Image URL must be a valid URL', path: ['value'] }),
    z.refine((item) => catalogEntry(item.section, item.key)?.kind !== 'line' || isOneLine(item.value), {
      error: linesMessage('This text'),
      path: ['value'],
    }),
    z.refine(
      (item) => {
        if (item.type !== 'json') return true
        try {
          JSON.parse(item.value)
          return true
        } catch {
          return false
        }
      },
      { error: 'Value must be valid JSON', path: ['value'] },
    ),
    // A text the pages show as a picture or a list must be one, or the page would quietly fall back.
    z.refine((item) => catalogEntry(item.section, item.key)?.kind !== 'image' || isImageUrl(item.value), {
      error: 'Image URL must be a valid URL',
      path: ['value'],
    }),
    // A picture's description is read aloud in one go: one line, and short.
    z.refine((item) => !pictureOfAlt(item.section, item.key) || altTextProblem(item.value) === undefined, {
      error: (issue) => altTextProblem((issue.input as { value: string }).value) ?? '',
      path: ['value'],
    }),
    z.refine((item) => listProblem(item) === undefined, {
      error: (issue) => listProblem(issue.input as { section: string; key: string; value: string }) ?? '',
      path: ['value'],
    }),
  )

/** An image's address: one line (the URL parser would drop a line break, so it is refused), and safe. */
const isImageUrl = (value: string) => isOneLine(value) && isSafeUrl(value)

/** The first thing wrong with a list text of the public pages, if this is one. */
function listProblem(item: { section: string; key: string; value: string }): string | undefined {
  const entry = catalogEntry(item.section, item.key)
  if (entry?.kind !== 'list') return undefined
  const items = parseListText(entry, item.value)
  if (!items) return `This list must be a JSON list of ${entry.itemName} items`
  return Object.values(listTextIssues(entry, items))[0]
}
export type ContentInput = z.input<typeof ContentInputSchema>

export const ContentItemSchema = z.object({
  id: IdSchema,
  section: z.string(),
  key: z.string(),
  value: z.string(),
  type: z.enum(CONTENT_TYPES),
  updatedBy: z.string(),
  updatedAt: z.string(),
  /**
   * Stored by the local demo seed, not by a person: the admin reads it as a built-in text (no
   * "Edited", no Revert, not counted as a change) until someone saves it, which drops the mark.
   * Nothing a request sends can set it (ContentInputSchema has no such field).
   */
  builtIn: z.optional(z.literal(true)),
})
export type ContentItem = z.infer<typeof ContentItemSchema>

/** Whether a stored text is one the admin wrote (or a person saved), not one the demo seed stored. */
export const isEdited = (item: ContentItem | undefined): item is ContentItem => item !== undefined && item.builtIn !== true

export { siteText, toSiteTexts, type SiteTexts } from './site-texts'
