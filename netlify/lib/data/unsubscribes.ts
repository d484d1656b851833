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

  /** How many unsubscribed at or after `since` (an ISO time). */
  async countSince(since: string): Promise<number> {
    const from = timeOrderedId(new Date(since)).split('-')[0]!
    return (await store().keys()).filter((key) => key >= from).length
  },
}
