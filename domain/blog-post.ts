import * as z from 'zod/mini'
import { valuesOf } from './choices'
import { IdSchema, idField, optionalUrlField, requiredText, type FieldSpec } from './fields'

export const POST_STATUS_LABELS = { draft: 'Draft', published: 'Published' } as const
export const POST_STATUSES = valuesOf(POST_STATUS_LABELS)
export type PostStatus = (typeof POST_STATUSES)[number]

export const TAGS_MAX = 10
export const TAG_MAX_LENGTH = 40
export { BLOG_MESSAGES, CARD_TAGS_MAX, EXCERPT_FALLBACK_LENGTH } from './blog-post-display'

/** Tags are comma-separated and trimmed. Duplicates and empties are dropped (docs/product.md, Validation). */
export function parseTags(text: string): string[] {
  const tags: string[] = []
  for (const part of text.split(',')) {
    const tag = part.trim()
    if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag)
  }
  return tags
}

const TagsSchema = z
  .array(
    z
      .string({ error: 'Tags must be text' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'Tags must not be empty' }),
        z.maxLength(TAG_MAX_LENGTH, { error: `Each tag must be at most ${TAG_MAX_LENGTH} characters` }),
      ),
    { error: 'Tags must be a list' },
  )
  .check(z.maxLength(TAGS_MAX, { error: `At most ${TAGS_MAX} tags` }))

/** The post form's fields, in form order. */
export const POST_FIELDS = {
  title: { label: 'Title', max: 200 },
  excerpt: { label: 'Excerpt', max: 500 },
  content: { label: 'Content (markdown)', max: 100_000 },
  featuredImage: { label: 'Featured image URL (optional)' },
  tags: { label: 'Tags (comma-separated)' },
  status: { label: 'Status' },
} as const satisfies Record<string, FieldSpec>

export const PostInputSchema = z.object({
  title: requiredText('Title is required', POST_FIELDS.title.max, 'Title'),
  excerpt: requiredText('Excerpt is required', POST_FIELDS.excerpt.max, 'Excerpt'),
  content: requiredText('Content is required', POST_FIELDS.content.max, 'Content'),
  featuredImage: optionalUrlField('Featured image must be a valid URL'),
  status: z._default(z.enum(POST_STATUSES, { error: 'Status must be draft or published' }), 'draft'),
  tags: z._default(TagsSchema, []),
})
export type PostInput = z.input<typeof PostInputSchema>

/** The editor's preview: the body as it is being written, empty or not. */
export const PostPreviewSchema = z.object({
  content: z
    .string({ error: 'Content must be text' })
    .check(z.maxLength(POST_FIELDS.content.max, { error: `Content must be at most ${POST_FIELDS.content.max} characters` })),
})

export const PostUpdateSchema = z.extend(PostInputSchema, {
  id: idField('Post id is required'),
})

/** Everything about a post but its body: what lists and cards need. */
export const PostSummarySchema = z.object({
  id: IdSchema,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  featuredImage: z.optional(z.string()),
  status: z.enum(POST_STATUSES),
  tags: z.array(z.string()),
  author: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.nullable(z.string()),
  readingMinutes: z.number(),
})
export type PostSummary = z.infer<typeof PostSummarySchema>

export type BlogPost = PostSummary & { content: string }
/** A post as the public detail page receives it: the body already rendered and sanitized. */
export type RenderedPost = BlogPost & { html: string }

/** Words per minute used for reading time; a common figure for screen reading. */
const WORDS_PER_MINUTE = 220

export function readingMinutes(markdown: string): number {
  const words = markdown.trim().split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE))
}
