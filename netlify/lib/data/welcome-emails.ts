import { openStore } from '../blobs'
import { newId } from '../ids'
import { keys } from '../keys'

/**
 * At most one welcome email per recipient a day, whoever asks and from wherever: subscribing,
 * unsubscribing and subscribing again in a loop cannot turn the site into a way to mail someone.
 * One create-only marker per recipient and day; the recipient is hashed, never stored.
 */
const store = () => openStore('welcome-emails')

export const welcomeEmails = {
  /** True once per recipient and UTC day: the caller may send. */
  async claim(normalizedEmail: string, now = new Date()): Promise<boolean> {
    const day = now.toISOString().slice(0, 10)
    // A value of its own: a create-only write is confirmed by reading it back (blobs.ts), and an
    // empty marker would read back the same as someone else's.
    return store().setIfNew(keys.welcomeMarker(normalizedEmail, day), newId())
  },
}
