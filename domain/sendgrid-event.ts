import * as z from 'zod/mini'
import { isValidEmail } from './fields'
import { normalizeEmail, type SubscriberState } from './subscriber'

/**
 * What SendGrid's Event Webhook posts to POST /api/sendgrid/events: a JSON array of events, each
 * naming one recipient. Only three kinds stop mail to an address; the rest (processed, delivered,
 * open, click, deferred, a temporary block, ...) are read and ignored.
 */

/**
 * SendGrid sends a batch when it reaches 768 KB (or every 30 seconds): 1 MB leaves room, and a
 * larger body is refused before it is read whole.
 */
export const SENDGRID_EVENTS_MAX_BYTES = 1024 * 1024
/**
 * A real event carries its ids, timestamp and address (well over 150 bytes), so a full 768 KB
 * batch holds fewer than 5,000 of them.
 */
export const SENDGRID_EVENTS_MAX = 5000
/** A signed batch older than this (or this far in the future) is refused: a replay, or a clock gone wrong. */
export const SENDGRID_SIGNATURE_MAX_AGE_SECONDS = 10 * 60
/** What the admin sees of SendGrid's reason: one line, at most this long. */
export const STOPPED_REASON_MAX = 160

export const SendGridBatchSchema = z.array(z.unknown()).check(z.maxLength(SENDGRID_EVENTS_MAX, { error: 'Too many events' }))

/** One event, with only the fields read here; anything else an event carries is dropped unread. */
export const SendGridEventSchema = z.object({
  event: z.string(),
  email: z.string(),
  /** bounce: "bounce" (permanent) or "blocked" (temporary, the address may be fine). */
  type: z.optional(z.string()),
  /** bounce: the receiving server's answer; dropped: why SendGrid did not send. */
  reason: z.optional(z.string()),
  /** bounce: the enhanced status code, e.g. 5.1.1. */
  status: z.optional(z.string()),
})
export type SendGridEvent = z.infer<typeof SendGridEventSchema>

/** The states no email ever goes to. */
export const STOPPED_STATES = ['bounced', 'complained'] as const satisfies readonly SubscriberState[]
export type StoppedState = (typeof STOPPED_STATES)[number]

export function isStopped(state: SubscriberState): state is StoppedState {
  return state === 'bounced' || state === 'complained'
}

export type Stop = { email: string; state: StoppedState; reason: string }

/** Text from SendGrid made fit to show: one line, no control characters, at most STOPPED_REASON_MAX. */
export function reasonLine(text: string): string {
  const line = text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > STOPPED_REASON_MAX ? `${line.slice(0, STOPPED_REASON_MAX - 1)}…` : line
}

// A drop whose reason says the address itself is bad; other drops (unsubscribed, spam content,
// over quota) say nothing about it. SendGrid's words: "Bounced Address", "Invalid".
const BAD_ADDRESS_DROP = /^(?:bounced address|invalid)$/i
const SPAM_REPORT_DROP = /^spam reporting address$/i

/**
 * What an event means for the address it names: stop mailing it (and why), or nothing. The email
 * is taken only when it passes the site's email rule; the reason always starts with our own word,
 * so no text from outside can begin it (a spreadsheet formula, say).
 */
export function stopOf(event: SendGridEvent): Stop | null {
  const email = normalizeEmail(event.email)
  if (!isValidEmail(email)) return null
  const why = reasonLine(event.reason ?? '')
  const status = reasonLine(event.status ?? '')
  if (event.event === 'spamreport') return { email, state: 'complained', reason: 'Marked our email as spam' }
  if (event.event === 'bounce') {
    // SendGrid reports a temporary refusal as a bounce of type "blocked": the address is not to blame.
    if (event.type !== undefined && event.type !== 'bounce') return null
    const detail = why || status || 'the address does not accept mail'
    return { email, state: 'bounced', reason: reasonLine(`Bounced: ${detail}`) }
  }
  if (event.event === 'dropped') {
    if (SPAM_REPORT_DROP.test(why)) return { email, state: 'complained', reason: 'Marked our email as spam (SendGrid did not send)' }
    if (BAD_ADDRESS_DROP.test(why)) return { email, state: 'bounced', reason: reasonLine(`Not sent: ${why}`) }
  }
  return null
}

/**
 * One decision per address for a whole batch, in the batch's order: a complaint wins over a
 * bounce, and the first reason of each kind is kept. A Map, never a plain object: the addresses
 * come from outside ("__proto__@…" is a valid one).
 */
export function stopsOf(events: readonly SendGridEvent[]): Stop[] {
  const byEmail = new Map<string, Stop>()
  for (const event of events) {
    const stop = stopOf(event)
    if (!stop) continue
    const known = byEmail.get(stop.email)
    if (!known || (known.state === 'bounced' && stop.state === 'complained')) byEmail.set(stop.email, stop)
  }
  return [...byEmail.values()]
}
