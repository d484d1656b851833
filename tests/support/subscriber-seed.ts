import type { SubscriberState } from '#domain/subscriber.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { mapLimited } from '#lib/storage/concurrency.ts'
import { keys } from '#lib/storage/keys.ts'

const email = (i: number, state: string) => `${state}${String(i).padStart(5, '0')}@list.example`

/**
 * Subscribers in each state, written straight into the store as the data module stores them:
 * thousands take seconds this way, not the minutes a signup and confirmation each would. Returns
 * the confirmed addresses, the ones a newsletter goes to.
 */
export async function seedSubscribers(counts: Partial<Record<SubscriberState, number>>): Promise<string[]> {
  const store = openStore('subscribers')
  const records = Object.entries(counts).flatMap(([state, count]) =>
    Array.from({ length: count }, (_, i) => ({ id: `s${state}${i}`, email: email(i, state), created_at: new Date().toISOString(), state })),
  )
  await mapLimited(records, (record) => store.set(keys.subscriber(record.email), JSON.stringify(record)))
  return records.filter((record) => record.state === 'confirmed').map((record) => record.email)
}
