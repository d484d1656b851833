import * as z from 'zod/mini'
import { SUBSCRIBERS_PAGE_SIZE, SubscriberSchema, normalizeEmail, type Subscriber } from '../../../domain/subscriber'
import { openStore, StorageUnavailableError } from '../blobs'
import { newId } from '../ids'
import { keys, type BlobKey } from '../keys'

/**
 * One blob per subscriber, keyed by the normalised email (hex-encoded, see keys.ts): subscribing
 * is a single create-only write whatever the list size, the same email twice can only ever be one
 * record, and a search for the start of an address is a list by prefix, in email order.
 */
const store = () => openStore('subscribers')
const keyOf = (email: string) => keys.subscriber(normalizeEmail(email))

async function read(key: BlobKey): Promise<Subscriber | null> {
  const text = await store().get(key)
  if (text === null) return null
  const result = z.safeParse(SubscriberSchema, JSON.parse(text))
  if (!result.success) throw new StorageUnavailableError(`Stored subscriber "${key}" is invalid`)
  return result.data
}

export const subscribers = {
  /** Adds the email once; a repeat keeps the first record. Answers whether it was new. */
  async add(email: string): Promise<{ created: boolean }> {
    const record: Subscriber = { id: newId(), email: normalizeEmail(email), created_at: new Date().toISOString() }
    const created = await store().setIfNew(keyOf(email), JSON.stringify(record))
    return { created }
  },

  async remove(email: string): Promise<void> {
    await store().delete(keyOf(email))
  },

  /** A page in email order; `search` matches the start of the address. */
  async page({ search = '', page = 1 }: { search?: string; page?: number }) {
    const skip = (page - 1) * SUBSCRIBERS_PAGE_SIZE
    const listed = await store().keys(keys.subscriberSearch(normalizeEmail(search)), skip + SUBSCRIBERS_PAGE_SIZE + 1)
    const pageKeys = listed.slice(skip, skip + SUBSCRIBERS_PAGE_SIZE)
    const records = await Promise.all(pageKeys.map(read))
    return {
      subscribers: records.filter((record): record is Subscriber => record !== null),
      page,
      pageSize: SUBSCRIBERS_PAGE_SIZE,
      hasMore: listed.length > skip + SUBSCRIBERS_PAGE_SIZE,
    }
  },

  /** Every subscriber, for the CSV export. */
  async all(): Promise<Subscriber[]> {
    const listed = await store().keys()
    const records: Subscriber[] = []
    // Bounded parallelism: a large list should not open thousands of requests at once.
    for (let i = 0; i < listed.length; i += 50) {
      const batch = await Promise.all(listed.slice(i, i + 50).map(read))
      for (const record of batch) if (record) records.push(record)
    }
    return records
  },
}
