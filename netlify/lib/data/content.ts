import { describeTextWrite } from '#domain/activity.ts'
import { NotFoundError } from '#domain/errors.ts'
import * as z from 'zod/mini'
import { ContentItemSchema, type ContentInputSchema, type ContentItem } from '#domain/content-item.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { defineDocument } from '#lib/storage/document.ts'
import { newId } from '#lib/storage/ids.ts'
import { written, type Write, type WrittenBy } from './written'

type ContentFields = z.output<typeof ContentInputSchema>

const doc = defineDocument(
  () => openStore('content'),
  z.object({ items: z.array(ContentItemSchema) }),
  () => ({ items: [] }),
)

/** A write of a text, for the history and the CDN (written.ts). */
const change = (before: ContentItem | null, after: ContentItem | null): Write => {
  const item = (after ?? before)!
  // A text of the public pages reads as an edit of what the page showed (describeTextWrite).
  return {
    subject: 'content',
    recordId: item.id,
    label: `${item.section} / ${item.key}`,
    before,
    after,
    ...describeTextWrite(before, after),
  }
}

const bySectionAndKey = (a: ContentItem, b: ContentItem) => a.section.localeCompare(b.section) || a.key.localeCompare(b.key)

export const content = {
  async list(): Promise<ContentItem[]> {
    return (await doc.read()).items.toSorted(bySectionAndKey)
  },

  /** POST saves both new items and edits; section + key name the item (docs/product.md, API). */
  async save(fields: ContentFields, updatedBy: string, { by, builtIn }: WrittenBy & { builtIn?: true } = {}): Promise<ContentItem> {
    const { before, after } = await doc.update(({ items }) => {
      const existing = items.find((item) => item.section === fields.section && item.key === fields.key)
      // Any save but the demo seed's is a person's: the item loses the seed's mark.
      const item: ContentItem = {
        ...fields,
        id: existing?.id ?? newId(),
        updatedBy,
        updatedAt: new Date().toISOString(),
        ...(builtIn && { builtIn }),
      }
      const next = existing ? items.map((i) => (i.id === existing.id ? item : i)) : [...items, item]
      return { doc: { items: next }, result: { before: existing ?? null, after: item } }
    })
    await written(change(before, after), by)
    return after
  },

  async remove(id: string, { by }: WrittenBy = {}): Promise<ContentItem> {
    const removed = await doc.update(({ items }) => {
      const item = items.find((i) => i.id === id)
      if (!item) throw new NotFoundError('Content item not found')
      return { doc: { items: items.filter((i) => i.id !== id) }, result: item }
    })
    await written(change(removed, null), by)
    return removed
  },
}
