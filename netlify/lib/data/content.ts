import { NotFoundError } from '#domain/errors.ts'
import * as z from 'zod/mini'
import { ContentItemSchema, type ContentInputSchema, type ContentItem } from '#domain/content-item.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { defineDocument } from '#lib/storage/document.ts'
import { newId } from '#lib/storage/ids.ts'

type ContentFields = z.output<typeof ContentInputSchema>

const doc = defineDocument(
  () => openStore('content'),
  z.object({ items: z.array(ContentItemSchema) }),
  () => ({ items: [] }),
)

const bySectionAndKey = (a: ContentItem, b: ContentItem) => a.section.localeCompare(b.section) || a.key.localeCompare(b.key)

export const content = {
  async list(): Promise<ContentItem[]> {
    return (await doc.read()).items.toSorted(bySectionAndKey)
  },

  /** POST saves both new items and edits; section + key name the item (docs/product.md, API). */
  save(fields: ContentFields, updatedBy: string): Promise<ContentItem> {
    return doc.update(({ items }) => {
      const existing = items.find((item) => item.section === fields.section && item.key === fields.key)
      const item: ContentItem = { ...fields, id: existing?.id ?? newId(), updatedBy, updatedAt: new Date().toISOString() }
      const next = existing ? items.map((i) => (i.id === existing.id ? item : i)) : [...items, item]
      return { doc: { items: next }, result: item }
    })
  },

  remove(id: string): Promise<ContentItem> {
    return doc.update(({ items }) => {
      const item = items.find((i) => i.id === id)
      if (!item) throw new NotFoundError('Content item not found')
      return { doc: { items: items.filter((i) => i.id !== id) }, result: item }
    })
  },
}
