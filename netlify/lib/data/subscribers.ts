import * as z from 'zod/mini'
import { SUBSCRIBERS_PAGE_SIZE, SubscriberSchema, normalizeEmail, type Subscriber } from '../../../domain/subscriber'
import { openStore, StorageUnavailableError } from '../blobs'
import { newId } from '../ids'

/**
 * One blob per subscriber, keyed by the normalised email: subscribing is a single create-only
 * write whatever the list size, and the same email twice can only ever be one record. The key is
 * the email's UTF-8 bytes in hex: safe for any address, at most 510 characters for 254 octets
 * (keys may hold 600 bytes), and prefix-preserving, so a search for the start of an address is a
 * list by prefix, in email order. A "/" every 200 characters keeps each path segment a valid file
 * name for the local Blobs server (255 bytes), and stays prefix-preserving.
 */
const store = () => openStore('subscribers')
const keyOf = (email: string) =>
  (
    Buffer.from(normalizeEmail(email), 'utf8')
      .toString('hex')
      .match(/.{1,200}/g) ?? []
  ).join('/')

async function read(key: string): Promise<Subscriber | null> {
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
    const keys = await store().keys(keyOf(search) || undefined, skip + SUBSCRIBERS_PAGE_SIZE + 1)
    const pageKeys = keys.slice(skip, skip + SUBSCRIBERS_PAGE_SIZE)
    const records = await Promise.all(pageKeys.map(read))
    return {
      subscribers: records.filter((record): record is Subscriber => record !== null),
      page,
      pageSize: SUBSCRIBERS_PAGE_SIZE,
      hasMore: keys.length > skip + SUBSCRIBERS_PAGE_SIZE,
    }
  },

  /** Every subscriber, for the CSV export. */
  async all(): Promise<Subscriber[]> {
    const keys = await store().keys()
    const records: Subscriber[] = []
    // Bounded parallelism: a large list should not open thousands of requests at once.
    for (let i = 0; i < keys.length; i += 50) {
      const batch = await Promise.all(keys.slice(i, i + 50).map(read))
      for (const record of batch) if (record) records.push(record)
    }
    return records
  },
}
