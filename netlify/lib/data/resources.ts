import { NotFoundError } from '#domain/errors.ts'
import * as z from 'zod/mini'
import { ResourceSchema, type Resource } from '#domain/resource.ts'
import type { ResourceInputSchema } from '#domain/resource.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { defineDocument } from '#lib/storage/document.ts'
import { newId } from '#lib/storage/ids.ts'
import { downloads } from './downloads'
import { written, type Write, type WrittenBy } from './written'

type ResourceFields = Omit<z.output<typeof ResourceInputSchema>, 'thumbnailAlt'> & { thumbnailAlt?: string }

const ResourcesDocSchema = z.object({
  resources: z.array(ResourceSchema),
  /** The last download event already added into the counts (see downloads.ts). */
  downloadsFoldedThrough: z._default(z.string(), ''),
})
type ResourcesDoc = z.output<typeof ResourcesDocSchema>

// One document holds every resource: the public list is one read whatever the count.
const doc = defineDocument(
  () => openStore('resources'),
  ResourcesDocSchema,
  () => ({
    resources: [],
    downloadsFoldedThrough: '',
  }),
)

const notFound = () => new NotFoundError('Resource not found')

function replace(state: ResourcesDoc, id: string, edit: (resource: Resource) => Resource) {
  const index = state.resources.findIndex((resource) => resource.id === id)
  if (index < 0) throw notFound()
  const before = state.resources[index]!
  const after = edit(before)
  state.resources[index] = after
  return { doc: state, result: { before, after } }
}

/** A write of a resource, for the history and the CDN (written.ts). */
const change = (before: Resource | null, after: Resource | null): Write => ({
  subject: 'resource',
  recordId: (after ?? before)!.id,
  label: (after ?? before)!.title,
  before,
  after,
})

export const resources = {
  /** Newest first, with the counts folded so far (the public list never shows counts). */
  async list(): Promise<Resource[]> {
    const state = await doc.read()
    return state.resources.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
  },

  /** As list(), with downloads not yet folded added in: exact counts for the admin. */
  async listWithExactCounts(): Promise<Resource[]> {
    const state = await doc.read()
    const pending = await downloads.pendingCounts(state.downloadsFoldedThrough)
    return state.resources
      .map((resource) => ({ ...resource, downloadCount: resource.downloadCount + (pending.get(resource.id) ?? 0) }))
      .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
  },

  async get(id: string): Promise<Resource | undefined> {
    const state = await doc.read()
    return state.resources.find((resource) => resource.id === id)
  },

  async create(fields: ResourceFields, createdBy: string, { by }: WrittenBy = {}): Promise<Resource> {
    const now = new Date().toISOString()
    const resource: Resource = { ...fields, id: newId(), downloadCount: 0, createdBy, createdAt: now, updatedAt: now }
    await doc.update((state) => ({ doc: { ...state, resources: [...state.resources, resource] }, result: resource }))
    await written(change(null, resource), by)
    return resource
  },

  async update(id: string, fields: ResourceFields, { by }: WrittenBy = {}): Promise<Resource> {
    const { before, after } = await doc.update((state) =>
      replace(state, id, (resource) => ({
        ...resource,
        ...fields,
        thumbnailUrl: fields.thumbnailUrl,
        thumbnailAlt: fields.thumbnailAlt,
        updatedAt: new Date().toISOString(),
      })),
    )
    await written(change(before, after), by)
    return after
  },

  async remove(id: string, { by }: WrittenBy = {}): Promise<Resource> {
    const removed = await doc.update((state) => {
      const resource = state.resources.find((r) => r.id === id)
      if (!resource) throw notFound()
      return { doc: { ...state, resources: state.resources.filter((r) => r.id !== id) }, result: resource }
    })
    await written(change(removed, null), by)
    return removed
  },

  /** Records one download of an active resource; unknown and inactive ids are 404. */
  async recordDownload(id: string): Promise<void> {
    const resource = await this.get(id)
    if (!resource || !resource.isActive) throw notFound()
    await downloads.record(id)
  },

  /** Adds settled download events into the stored counts, then lets the events go. */
  async foldDownloads(now = new Date()): Promise<number> {
    const state = await doc.read()
    const batch = await downloads.settled(state.downloadsFoldedThrough, now)
    if (batch.keys.length === 0) return 0
    await doc.update((current) => {
      // Another fold got there first: the events are counted already.
      if (current.downloadsFoldedThrough >= batch.through) return { doc: current, result: undefined }
      const fresh = batch.countsAfter(current.downloadsFoldedThrough)
      return {
        doc: {
          downloadsFoldedThrough: batch.through,
          resources: current.resources.map((r) => ({ ...r, downloadCount: r.downloadCount + (fresh.get(r.id) ?? 0) })),
        },
        result: undefined,
      }
    })
    await downloads.forget(batch.keys)
    return batch.keys.length
  },
}
