import * as z from 'zod/mini'
import { PostSummarySchema, readingMinutes, type BlogPost, type PostInputSchema, type PostSummary } from '../../../domain/blog-post'
import { slugify } from '../../../domain/text'
import { isId } from '../../../domain/fields'
import { openStore, StorageUnavailableError } from '../blobs'
import { defineDocument } from '../document'
import { HttpError } from '../http'
import { newId } from '../ids'
import { keys, type BlobKey } from '../keys'

type PostFields = z.output<typeof PostInputSchema>

/**
 * Layout: one index document with every post's summary (the lists are one read whatever the
 * count), and each body in its own blob `body/<id>/<revision>`. A save writes the new body under a
 * fresh revision first, then swaps the index entry to point at it: the index write is the commit,
 * so a reader sees the old post or the new one whole, never a mix.
 */
const PostEntrySchema = z.extend(PostSummarySchema, { bodyKey: z.string() }).check(
  // The pointer to the body is data read back from storage: it must name this post's own body.
  z.refine((entry) => isBodyKeyOf(entry.id, entry.bodyKey), { error: "bodyKey does not name this post's body" }),
)
type PostEntry = z.infer<typeof PostEntrySchema>
const IndexSchema = z.object({ posts: z.array(PostEntrySchema) })

const store = () => openStore('posts')
const index = defineDocument(store, IndexSchema, () => ({ posts: [] }))

const notFound = () => new HttpError(404, 'Blog post not found')

function isBodyKeyOf(postId: string, bodyKey: string): boolean {
  const [folder, id, revision, ...rest] = bodyKey.split('/')
  return folder === 'body' && id === postId && isId(id) && isId(revision) && rest.length === 0
}

/** The stored pointer as a key; the schema has checked its shape. */
const bodyKeyOf = (entry: PostEntry): BlobKey => {
  const [, id = '', revision = ''] = entry.bodyKey.split('/')
  return keys.postBody(id, revision)
}

function summary({ bodyKey: _bodyKey, ...rest }: PostEntry): PostSummary {
  return rest
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

  async create(fields: PostFields, author: string): Promise<PostSummary> {
    const id = newId()
    const bodyKey = await writeBody(id, fields.content)
    const now = new Date().toISOString()
    try {
      return await index.update((state) => {
        const entry: PostEntry = {
          id,
          slug: uniqueSlug(fields.title, new Set(state.posts.map((post) => post.slug))),
          title: fields.title,
          excerpt: fields.excerpt,
          featuredImage: fields.featuredImage,
          status: fields.status,
          tags: fields.tags,
          author,
          createdAt: now,
          updatedAt: now,
          publishedAt: fields.status === 'published' ? now : null,
          readingMinutes: readingMinutes(fields.content),
          bodyKey,
        }
        return { doc: { posts: [...state.posts, entry] }, result: summary(entry) }
      })
    } catch (error) {
      await dropBody(bodyKey)
      throw error
    }
  },

  async update(id: string, fields: PostFields): Promise<PostSummary> {
    // An unknown id is answered before anything is written.
    if (!(await index.read()).posts.some((post) => post.id === id)) throw notFound()
    const bodyKey = await writeBody(id, fields.content)
    let replaced: BlobKey | undefined
    try {
      const result = await index.update((state) => {
        const position = state.posts.findIndex((post) => post.id === id)
        const current = state.posts[position]
        if (!current) throw notFound()
        replaced = bodyKeyOf(current)
        const now = new Date().toISOString()
        const others = new Set(state.posts.filter((post) => post.id !== id).map((post) => post.slug))
        const entry: PostEntry = {
          ...current,
          title: fields.title,
          excerpt: fields.excerpt,
          featuredImage: fields.featuredImage,
          status: fields.status,
          tags: fields.tags,
          // A slug that has been public stays, so shared links keep working.
          slug: current.publishedAt ? current.slug : uniqueSlug(fields.title, others),
          publishedAt: current.publishedAt ?? (fields.status === 'published' ? now : null),
          updatedAt: now,
          readingMinutes: readingMinutes(fields.content),
          bodyKey,
        }
        const next = [...state.posts]
        next[position] = entry
        return { doc: { posts: next }, result: summary(entry) }
      })
      await dropBody(replaced)
      return result
    } catch (error) {
      await dropBody(bodyKey)
      throw error
    }
  },

  async remove(id: string): Promise<PostSummary> {
    const removed = await index.update((state) => {
      const entry = state.posts.find((post) => post.id === id)
      if (!entry) throw notFound()
      return { doc: { posts: state.posts.filter((post) => post.id !== id) }, result: entry }
    })
    await dropBody(bodyKeyOf(removed))
    return summary(removed)
  },
}
