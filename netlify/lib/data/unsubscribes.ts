import { openStore } from '../blobs'
import { timeOrderedId } from '../ids'
import { keys } from '../keys'

/**
 * Each unsubscribe as a dated, empty entry (store `unsubscribes`), so a newsletter's report can say
 * how many people left since its send started. Nothing in it names the person: the key is the
 * time and a random part.
 */
const store = () => openStore('unsubscribes')

export const unsubscribes = {
  async record(now = new Date()): Promise<void> {
    await store().setIfNew(keys.unsubscribeEvent(timeOrderedId(now)), '')
  },

  /** How many unsubscribed at or after `since` (an ISO time). */
  async countSince(since: string): Promise<number> {
    const from = timeOrderedId(new Date(since)).split('-')[0]!
    return (await store().keys()).filter((key) => key >= from).length
  },
}
