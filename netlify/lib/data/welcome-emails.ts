import { openStore } from '#lib/storage/blobs.ts'
import { newId } from '#lib/storage/ids.ts'
import { keys } from '#lib/storage/keys.ts'

/**
 * At most one welcome email (and one confirmation email) per recipient a day, whoever asks and from wherever: subscribing,
 * unsubscribing and subscribing again in a loop cannot turn the site into a way to mail someone.
 * One create-only marker per recipient and day; the recipient is hashed, never stored.
 */
const store = () => openStore('welcome-emails')

/**
 * The inbox an address reaches, as far as can be told from the address: `+tags` are dropped
 * (most providers deliver `ann+1@` to `ann@`), Gmail ignores dots, and compatibility forms
 * (full-width letters) are folded. Many spellings of one inbox share one daily welcome.
 */
export function inboxOf(email: string): string {
  const folded = email.normalize('NFKC').toLowerCase()
  const at = folded.lastIndexOf('@')
  let local = folded.slice(0, at)
  let domain = folded.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replaceAll('.', '')
  return `${local}@${domain}`
}

export const welcomeEmails = {
  /**
   * True once per recipient inbox, kind of email and UTC day: the caller may send. The
   * confirmation a signup sends and the welcome that follows the confirming are counted apart.
   */
  async claim(normalizedEmail: string, now = new Date(), kind: 'welcome' | 'confirm' = 'welcome'): Promise<boolean> {
    const day = now.toISOString().slice(0, 10)
    // The welcome keeps its marker's original shape; the confirmation's inbox is told apart.
    const inbox = kind === 'welcome' ? inboxOf(normalizedEmail) : `confirm:${inboxOf(normalizedEmail)}`
    // A value of its own: a create-only write is confirmed by reading it back (blobs.ts), and an
    // empty marker would read back the same as someone else's.
    return store().setIfNew(keys.welcomeMarker(inbox, day), newId())
  },

  /** Drops the markers of days gone by; run on a schedule. */
  async prune(now = new Date()): Promise<number> {
    const today = now.toISOString().slice(0, 10)
    const old = (await store().keys(keys.welcomeMarkers())).filter((key) => key.slice(key.lastIndexOf('/') + 1) < today)
    for (const key of old) await store().delete(key)
    return old.length
  },
}
