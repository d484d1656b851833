import * as z from 'zod/mini'
import { valuesOf } from './choices'
import { TAG_MAX_LENGTH } from './blog-post-display'
import {
  IdSchema,
  pictureDescriptionSpec,
  altTextField,
  withRecordId,
  linesCheck,
  optionalUrlField,
  requiredText,
  type FieldSpec,
} from './fields'

export const POST_STATUS_LABELS = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const
export const POST_STATUSES = valuesOf(POST_STATUS_LABELS)
export type PostStatus = (typeof POST_STATUSES)[number]

export const TAGS_MAX = 10
export { BLOG_MESSAGES, CARD_TAGS_MAX, EXCERPT_FALLBACK_LENGTH, TAG_MAX_LENGTH } from './blog-post-display'

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
        linesCheck('Each tag'),
      ),
    { error: 'Tags must be a list' },
  )
  .check(z.maxLength(TAGS_MAX, { error: `At most ${TAGS_MAX} tags` }))

/** The post form's fields, in form order. */
export const POST_FIELDS = {
  title: { label: 'Title', max: 200 },
  excerpt: { label: 'Excerpt', max: 500 },
  content: { label: 'Content', max: 100_000 },
  featuredImage: { label: 'Featured image (optional)', hint: 'Shown at the top of the post and on its card in the blog.' },
  featuredImageAlt: pictureDescriptionSpec('Two hands holding a seedling'),
  tags: { label: 'Tags (comma-separated)' },
  slug: {
    label: 'Address',
    hint: "The end of the post's address, e.g. /blog/my-first-budget. Left empty, it comes from the title.",
    max: 100,
  },
  status: { label: 'Status' },
  publishAt: { label: 'Publish at', hint: 'Your local time.' },
} as const satisfies Record<string, FieldSpec>

/** The end of a post's address: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const POST_SCHEDULE_MESSAGES = {
  publishAtRequired: 'Choose when to publish',
  publishAtInvalid: 'Publish at must be a date and time',
  publishAtPast: 'Publish at must be in the future',
  slugInvalid: 'Address may use lower-case letters, digits and single hyphens',
  slugTaken: 'Another post already uses this address',
} as const
const M = POST_SCHEDULE_MESSAGES

const SlugSchema = z.pipe(
  z.optional(
    z.nullable(
      z.string({ error: M.slugInvalid }).check(
        z.trim(),
        z.toLowerCase(),
        z.maxLength(POST_FIELDS.slug.max, { error: `Address must be at most ${POST_FIELDS.slug.max} characters` }),
        z.refine((slug) => slug === '' || SLUG_PATTERN.test(slug), { error: M.slugInvalid }),
      ),
    ),
  ),
  z.transform((slug) => slug || undefined),
)

const PublishAtSchema = z.pipe(
  z.optional(
    z.nullable(z.union([z.literal(''), z.iso.datetime({ offset: true, error: M.publishAtInvalid })], { error: M.publishAtInvalid })),
  ),
  z.transform((value) => (value ? new Date(value).toISOString() : undefined)),
)

export const PostInputSchema = z
  .object({
    title: requiredText('Title is required', POST_FIELDS.title.max, 'Title'),
    excerpt: requiredText('Excerpt is required', POST_FIELDS.excerpt.max, 'Excerpt', 'many'),
    content: requiredText('Content is required', POST_FIELDS.content.max, 'Content', 'many'),
    featuredImage: optionalUrlField('Featured image must be a valid URL'),
    featuredImageAlt: altTextField('Picture description'),
    status: z._default(z.enum(POST_STATUSES, { error: 'Status must be draft, scheduled or published' }), 'draft'),
    tags: z._default(TagsSchema, []),
    slug: SlugSchema,
    /** When a scheduled post goes public; read only with status "scheduled". */
    publishAt: PublishAtSchema,
  })
  .check(
    z.superRefine((post, context) => {
      if (post.status !== 'scheduled') return
      if (!post.publishAt) context.issues.push({ code: 'custom', path: ['publishAt'], message: M.publishAtRequired, input: post })
      else if (Date.parse(post.publishAt) <= Date.now())
        context.issues.push({ code: 'custom', path: ['publishAt'], message: M.publishAtPast, input: post })
    }),
  )
export type PostInput = z.input<typeof PostInputSchema>

/** The editor's preview: the body as it is being written, empty or not. */
export const PostPreviewSchema = z.object({
  content: z
    .string({ error: 'Content must be text' })
    .check(z.maxLength(POST_FIELDS.content.max, { error: `Content must be at most ${POST_FIELDS.content.max} characters` })),
})

export const PostUpdateSchema = withRecordId(PostInputSchema, 'Post id is required')

/** Everything about a post but its body: what lists and cards need. */
export const PostSummarySchema = z.object({
  id: IdSchema,
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  featuredImage: z.optional(z.string()),
  /** What the featured image shows, for screen readers (its alt); none: the picture only decorates. */
  featuredImageAlt: z.optional(z.string()),
  status: z.enum(POST_STATUSES),
  tags: z.array(z.string()),
  /** Set while the post is scheduled: when the publishing job makes it public. */
  publishAt: z.optional(z.string()),
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

/** A kept version of a post: its text fields as saved, when and by whom (the editor's History). */
export const PostVersionSchema = z.object({
  id: z.string(),
  savedAt: z.string(),
  savedBy: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  featuredImage: z.optional(z.string()),
  featuredImageAlt: z.optional(z.string()),
  tags: z.array(z.string()),
})
export type PostVersion = z.infer<typeof PostVersionSchema>
/** As the versions list shows one. */
export type PostVersionSummary = Pick<PostVersion, 'id' | 'savedAt' | 'savedBy' | 'title'>
/** One version opened: the body also rendered as the post page would show it. */
export type RenderedPostVersion = PostVersion & { html: string }

/** Words per minute used for reading time; a common figure for screen reading. */
const WORDS_PER_MINUTE = 220

export function readingMinutes(markdown: string): number {
  const words = markdown.trim().split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE))
}
