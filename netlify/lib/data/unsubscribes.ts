import { UNSUBSCRIBES_KEPT_DAYS } from '#domain/newsletter.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { timeOrderedId } from '#lib/storage/ids.ts'
import { normalizeEmail } from '#domain/subscriber.ts'
import { keys } from '#lib/storage/keys.ts'
import { mapLimited } from '#lib/storage/concurrency.ts'

/**
 * Each unsubscribe as a dated, empty entry (store `unsubscribes`), so a newsletter's report can say
 * how many people left since its send started. Nothing in it names the person: the key is the
 * time and a random part.
 */
const store = () => openStore('unsubscribes')
/** The addresses that unsubscribed (keyed hashes): kept while they stay away, as any list must. */
const addresses = () => openStore('unsubscribed-addresses')

export const unsubscribes = {
  /**
   * Notes one unsubscribe. The person is already off the list when this runs, so a failure here
   * is logged and swallowed (as the activity history does): telling them it failed when it worked
   * would be wrong, and a report one short is the lesser harm.
   */
  async record(now = new Date()): Promise<void> {
    try {
      await store().setIfNew(keys.unsubscribeEvent(timeOrderedId(now)), '')
    } catch (error) {
      console.error('could not record an unsubscribe for the newsletter report:', error)
    }
  },

  /**
   * How many unsubscribed at or after `since` (an ISO time); null when `since` is older than the
   * entries are kept, as the count would then be short.
   */
  async countSince(since: string, now = new Date()): Promise<number | null> {
    if (Date.parse(since) < keptFrom(now).getTime()) return null
    const from = timeOrderedId(new Date(since)).split('-')[0]!
    return (await store().keys()).filter((key) => key >= from).length
  },

  /**
   * Remembers that this address asked to be taken off: an import (someone else's word for their
   * consent) may not bring it back; only the person, signing up and confirming from their own email.
   */
  async remember(email: string): Promise<void> {
    await addresses().set(keys.unsubscribedAddress(normalizeEmail(email)), '')
  },

  /** The person signed up again and confirmed: they are welcome back, by import too. */
  async forget(email: string): Promise<void> {
    await addresses().delete(keys.unsubscribedAddress(normalizeEmail(email)))
  },

  /** Which of these addresses unsubscribed, with one listing however many are asked. */
  async whichLeft(emails: readonly string[]): Promise<Set<string>> {
    const left = new Set(await addresses().keys())
    return new Set(emails.filter((email) => left.has(keys.unsubscribedAddress(normalizeEmail(email)))))
  },

  /**
   * Forgets the entries older than UNSUBSCRIBES_KEPT_DAYS; run on a schedule. Answers how many.
   * The key starts with its time, so the old ones are found from the list alone.
   */
  async prune(now = new Date()): Promise<number> {
    const cutoff = timeOrderedId(keptFrom(now)).split('-')[0]!
    const old = (await store().keys()).filter((key) => key < cutoff)
    await mapLimited(old, (key) => store().delete(key))
    return old.length
  },
}

const keptFrom = (now: Date) => new Date(now.getTime() - UNSUBSCRIBES_KEPT_DAYS * 24 * 60 * 60_000)
