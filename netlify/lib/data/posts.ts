import { ConflictError, NotFoundError } from '#domain/errors.ts'
import { timeChange } from '#domain/activity.ts'
import * as z from 'zod/mini'
import {
  POST_SCHEDULE_MESSAGES,
  PostSummarySchema,
  PostVersionSchema,
  readingMinutes,
  type BlogPost,
  type PostVersion,
  type PostVersionSummary,
  type PostInputSchema,
  type PostSummary,
} from '#domain/blog-post.ts'
import { slugify } from '#domain/text.ts'
import { isId } from '#domain/fields.ts'
import { openStore, StorageUnavailableError } from '#lib/storage/blobs.ts'
import { defineDocument } from '#lib/storage/document.ts'
import { newId, timeOrderedId } from '#lib/storage/ids.ts'
import { keys, type BlobKey } from '#lib/storage/keys.ts'
import { mapLimited } from '#lib/storage/concurrency.ts'
import { written, type Write, type WrittenBy } from './written'

/** What a save takes: the schema's output, the address and time left out where not chosen. */
type PostFields = Omit<z.output<typeof PostInputSchema>, 'slug' | 'publishAt' | 'featuredImageAlt'> & {
  slug?: string
  publishAt?: string
  featuredImageAlt?: string
}

/**
 * Layout: one index document with every post's summary (the lists are one read whatever the
 * count), and each body in its own blob `body/<id>/<revision>`. A save writes the new body under a
 * fresh revision first, then swaps the index entry to point at it: the index write is the commit,
 * so a reader sees the old post or the new one whole, never a mix.
 */
const PostEntrySchema = z
  .extend(PostSummarySchema, {
    bodyKey: z.string(),
    /** Addresses the post had while public, before its slug was edited: they redirect to it. */
    formerSlugs: z._default(z.array(z.string()), []),
  })
  .check(
    // The pointer to the body is data read back from storage: it must name this post's own body.
    z.refine((entry) => isBodyKeyOf(entry.id, entry.bodyKey), { error: "bodyKey does not name this post's body" }),
  )
type PostEntry = z.infer<typeof PostEntrySchema>
const IndexSchema = z.object({ posts: z.array(PostEntrySchema) })

/**
 * Each save also keeps a version (`version/<id>/<time-ordered id>`: the text fields as saved, when
 * and by whom), the last POST_VERSIONS_KEPT of them, so an edit can be looked at again and undone.
 */
export const POST_VERSIONS_KEPT = 10

const store = () => openStore('posts')
const index = defineDocument(store, IndexSchema, () => ({ posts: [] }))

const notFound = () => new NotFoundError('Blog post not found')

/** A write of a post, for the history and the CDN (written.ts). */
const change = (before: PostSummary | BlogPost | null, after: PostSummary | BlogPost | null): Write => ({
  subject: 'post',
  recordId: (after ?? before)!.id,
  label: (after ?? before)!.title,
  before,
  after,
})

function isBodyKeyOf(postId: string, bodyKey: string): boolean {
  const [folder, id, revision, ...rest] = bodyKey.split('/')
  return folder === 'body' && id === postId && isId(id) && isId(revision) && rest.length === 0
}

/** The stored pointer as a key; the schema has checked its shape. */
const bodyKeyOf = (entry: PostEntry): BlobKey => {
  const [, id = '', revision = ''] = entry.bodyKey.split('/')
  return keys.postBody(id, revision)
}

function summary({ bodyKey: _bodyKey, formerSlugs: _formerSlugs, ...rest }: PostEntry): PostSummary {
  return rest
}

/** Former addresses kept per post; the oldest go first. */
const FORMER_SLUGS_MAX = 20

const slugTaken = () => new ConflictError(POST_SCHEDULE_MESSAGES.slugTaken)

/**
 * The slug a save gives the post. One she typed must be free (no other post has it now; another
 * post's former address may be taken over, and stops redirecting). Otherwise a new post's comes
 * from its title, and so does a never-published draft's; a post that has been public keeps its own.
 */
function slugFor(fields: PostFields, current: PostEntry | undefined, others: PostEntry[]): string {
  const taken = new Set(others.map((post) => post.slug))
  if (fields.slug) {
    if (taken.has(fields.slug)) throw slugTaken()
    return fields.slug
  }
  if (current?.publishedAt) return current.slug
  return uniqueSlug(fields.title, taken)
}

/** The entries after `entry` took `slug`: its old public address redirects, nobody else's `slug` does. */
function withSlug(entry: PostEntry, others: PostEntry[], previous: PostEntry | undefined): { entry: PostEntry; others: PostEntry[] } {
  const formerSlugs = (entry.formerSlugs ?? []).filter((slug) => slug !== entry.slug)
  if (previous && previous.slug !== entry.slug && previous.publishedAt) formerSlugs.push(previous.slug)
  return {
    entry: { ...entry, formerSlugs: formerSlugs.slice(-FORMER_SLUGS_MAX) },
    others: others.map((post) =>
      post.formerSlugs?.includes(entry.slug) ? { ...post, formerSlugs: post.formerSlugs.filter((slug) => slug !== entry.slug) } : post,
    ),
  }
}

/** Status and dates as a save leaves them: a scheduled post waits with its time; publishing stamps the first time. */
function publication(fields: PostFields, current: PostEntry | undefined, now: string) {
  return {
    status: fields.status,
    publishAt: fields.status === 'scheduled' ? fields.publishAt : undefined,
    publishedAt: current?.publishedAt ?? (fields.status === 'published' ? now : null),
  }
}

function newestFirst(a: PostSummary, b: PostSummary) {
  return (b.publishedAt ?? b.createdAt).localeCompare(a.publishedAt ?? a.createdAt)
}

function uniqueSlug(title: string, taken: Set<string>): string {
  const base = slugify(title)
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/**
 * Writes a body under a fresh revision. Only a key this call has itself written is ever handed
 * back, so the clean-up of a failed save can only remove what that save created.
 */
async function writeBody(id: string, content: string): Promise<BlobKey> {
  const bodyKey = keys.postBody(id, newId())
  if (!(await store().setIfNew(bodyKey, content))) throw new StorageUnavailableError('a fresh post revision already existed')
  return bodyKey
}

async function readBody(entry: PostEntry): Promise<BlogPost | null> {
  const content = await store().get(bodyKeyOf(entry))
  return content === null ? null : { ...summary(entry), content }
}

/**
 * Keeps the saved state as a version and lets the oldest go. After the save has committed, so a
 * failure here costs a version, never the save (it is logged).
 */
async function keepVersion(postId: string, fields: PostFields, savedBy: string) {
  try {
    const id = timeOrderedId()
    const version: PostVersion = {
      id,
      savedAt: new Date().toISOString(),
      savedBy,
      title: fields.title,
      excerpt: fields.excerpt,
      content: fields.content,
      featuredImage: fields.featuredImage,
      featuredImageAlt: fields.featuredImageAlt,
      tags: fields.tags,
    }
    await store().set(keys.postVersion(postId, id), JSON.stringify(version))
    const kept = (await store().keys(keys.postVersions(postId))).sort()
    await Promise.all(kept.slice(0, -POST_VERSIONS_KEPT).map((key) => store().delete(key)))
  } catch (error) {
    console.error('could not record a post version:', postId, error)
  }
}

function parseVersion(text: string | null): PostVersion | null {
  if (text === null) return null
  const result = z.safeParse(PostVersionSchema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError('Stored post version is invalid', { cause: result.error })
  return result.data
}

/** Deletes a body no index entry points at any more; a leftover is invisible, so failure is fine. */
async function dropBody(bodyKey: BlobKey | undefined) {
  if (bodyKey)
    await store()
      .delete(bodyKey)
      .catch(() => {})
}

export const posts = {
  async list(): Promise<PostSummary[]> {
    const { posts } = await index.read()
    return posts.map(summary).sort(newestFirst)
  },

  /** Every post with its body, for a search of what they link to (the media library's "where used"). */
  async listWithBodies(): Promise<BlogPost[]> {
    const { posts } = await index.read()
    // A few at a time: a thousand posts are a thousand reads, never a thousand at once.
    const found = await mapLimited(posts, readBody, { limit: 20 })
    return found.filter((post) => post !== null)
  },

  async listPublished(): Promise<PostSummary[]> {
    return (await this.list()).filter((post) => post.status === 'published')
  },

  async find(match: { slug?: string; id?: string }): Promise<BlogPost | null> {
    // A save between reading the index and the body removes the old body: read again once.
    for (let attempt = 0; attempt < 2; attempt++) {
      const { posts } = await index.read()
      const entry = posts.find((post) => (match.id ? post.id === match.id : post.slug === match.slug))
      if (!entry) return null
      const post = await readBody(entry)
      if (post) return post
    }
    return null
  },

  /** The published post a former address now belongs to, for a redirect; null when none. */
  async movedFrom(slug: string): Promise<PostSummary | null> {
    const { posts } = await index.read()
    const entry = posts.find((post) => post.status === 'published' && post.formerSlugs?.includes(slug))
    return entry ? summary(entry) : null
  },

  /**
   * Publishes every scheduled post whose time has come (the publishing job, each minute). A post
   * is dated with its scheduled time, not the moment the job got to it. Answers what it published.
   */
  async publishDue(now = new Date(), { by }: WrittenBy = {}): Promise<PostSummary[]> {
    const isDue = (post: PostEntry) =>
      post.status === 'scheduled' && post.publishAt !== undefined && Date.parse(post.publishAt) <= now.getTime()
    if (!(await index.read()).posts.some(isDue)) return []
    const published = await index.update((state) => {
      const published: PostEntry[] = []
      const next = state.posts.map((post) => {
        if (!isDue(post)) return post
        const entry: PostEntry = { ...post, status: 'published', publishAt: undefined, publishedAt: post.publishedAt ?? post.publishAt! }
        published.push(entry)
        return entry
      })
      return { doc: { posts: next }, result: published.map(summary) }
    })
    for (const post of published) await written({ ...change(null, post), action: 'published', changes: post.publishedAt ? [timeChange('Scheduled for', post.publishedAt)] : [] }, by)
    return published
  },

  /** The kept versions of a post, newest first, without their bodies. */
  async versions(postId: string): Promise<PostVersionSummary[]> {
    const versionKeys = (await store().keys(keys.postVersions(postId))).sort().reverse()
    const versions = await Promise.all(versionKeys.map(async (key) => parseVersion(await store().get(key))))
    return versions.filter((version) => version !== null).map(({ id, savedAt, savedBy, title }) => ({ id, savedAt, savedBy, title }))
  },

  async version(postId: string, versionId: string): Promise<PostVersion | null> {
    return parseVersion(await store().get(keys.postVersion(postId, versionId)))
  },

  /** `savedBy`: who typed it (the username), for its version; the post itself is signed by `author`. */
  async create(fields: PostFields, author: string, savedBy = author, { by }: WrittenBy = {}): Promise<PostSummary> {
    const id = newId()
    const bodyKey = await writeBody(id, fields.content)
    const now = new Date().toISOString()
    try {
      const result = await index.update((state) => {
        const created = withSlug(
          {
            id,
            slug: slugFor(fields, undefined, state.posts),
            title: fields.title,
            excerpt: fields.excerpt,
            featuredImage: fields.featuredImage,
            featuredImageAlt: fields.featuredImageAlt,
            tags: fields.tags,
            ...publication(fields, undefined, now),
            author,
            createdAt: now,
            updatedAt: now,
            readingMinutes: readingMinutes(fields.content),
            bodyKey,
            formerSlugs: [],
          },
          state.posts,
          undefined,
        )
        return { doc: { posts: [...created.others, created.entry] }, result: summary(created.entry) }
      })
      await keepVersion(id, fields, savedBy)
      await written(change(null, result), by)
      return result
    } catch (error) {
      await dropBody(bodyKey)
      throw error
    }
  },

  async update(id: string, fields: PostFields, savedBy = '', { by }: WrittenBy = {}): Promise<PostSummary> {
    // An unknown id is answered before anything is written.
    if (!(await index.read()).posts.some((post) => post.id === id)) throw notFound()
    const bodyKey = await writeBody(id, fields.content)
    let previous: PostEntry | undefined
    let before: BlogPost | null = null
    try {
      const result = await index.update(async (state) => {
        const position = state.posts.findIndex((post) => post.id === id)
        const current = state.posts[position]
        if (!current) throw notFound()
        previous = current
        // The post as it was, body included, for the history; read before anything is replaced,
        // so a failure here leaves the post as it was.
        before = await readBody(current)
        const now = new Date().toISOString()
        const others = state.posts.filter((post) => post.id !== id)
        const saved = withSlug(
          {
            ...current,
            title: fields.title,
            excerpt: fields.excerpt,
            featuredImage: fields.featuredImage,
            featuredImageAlt: fields.featuredImageAlt,
            tags: fields.tags,
            slug: slugFor(fields, current, others),
            ...publication(fields, current, now),
            updatedAt: now,
            readingMinutes: readingMinutes(fields.content),
            bodyKey,
          },
          others,
          current,
        )
        const next = [...saved.others]
        next.splice(position, 0, saved.entry)
        return { doc: { posts: next }, result: summary(saved.entry) }
      })
      await dropBody(previous && bodyKeyOf(previous))
      await keepVersion(id, fields, savedBy)
      await written(change(before, { ...result, content: fields.content }), by)
      return result
    } catch (error) {
      await dropBody(bodyKey)
      throw error
    }
  },

  async remove(id: string, { by }: WrittenBy = {}): Promise<PostSummary> {
    const removed = await index.update((state) => {
      const entry = state.posts.find((post) => post.id === id)
      if (!entry) throw notFound()
      return { doc: { posts: state.posts.filter((post) => post.id !== id) }, result: entry }
    })
    await dropBody(bodyKeyOf(removed))
    const versionKeys = await store()
      .keys(keys.postVersions(id))
      .catch(() => [])
    await Promise.all(
      versionKeys.map((key) =>
        store()
          .delete(key)
          .catch(() => {}),
      ),
    )
    await written(change(summary(removed), null), by)
    return summary(removed)
  },
}
