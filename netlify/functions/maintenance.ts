import type { Config, Context } from '@netlify/functions'
import { retryBookingEmails } from '#lib/email/booking-email.ts'
import { activity } from '#lib/data/activity.ts'
import { bookings } from '#lib/data/bookings.ts'
import { media } from '#lib/data/media.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { resources } from '#lib/data/resources.ts'
import { sessions } from '#lib/data/sessions.ts'
import { retryOwedSessionEmails } from '#lib/booking/session-emails.ts'
import { revokedTokens } from '#lib/data/revoked-tokens.ts'
import { subscriberExports } from '#lib/data/subscriber-exports.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { unsubscribes } from '#lib/data/unsubscribes.ts'
import { welcomeEmails } from '#lib/data/welcome-emails.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { CURRENT_PASSWORD_TRIES, LOGIN_LIMITS } from '#lib/auth/login.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'
import { TRANSFER_LIMITS } from '#lib/subscribers/limits.ts'
import { sendConfirmation } from '#lib/subscribers/confirm.ts'

/**
 * Scheduled every 5 minutes (never reachable by URL when deployed): adds settled download events
 * into the counts, retries booking emails and booked sessions' emails that failed, and forgets what has expired (revoked
 * tokens, rate-limit entries of addresses that never came back, past days' welcome markers, the
 * markers that make a request sent twice one booking, history entries older than a year, media
 * uploads never completed within a day, newsletter signups left unconfirmed for a week, subscriber exports a day old,
 * unsubscribe entries past the days the newsletter reports count them, booked sessions a month past).
 * Each task runs even if another fails.
 */
export default async (_req: Request, context: Context) => {
  const tasks = {
    folded: () => resources.foldDownloads(),
    emails: () => retryBookingEmails(runtimeOf(context)),
    pruned: () => revokedTokens.prune(),
    limits: () =>
      rateLimits.prune([
        ...Object.values(LOGIN_LIMITS),
        CURRENT_PASSWORD_TRIES,
        ...Object.values(PUBLIC_LIMITS),
        ...Object.values(TRANSFER_LIMITS),
      ]),
    welcomes: () => welcomeEmails.prune(),
    unconfirmed: () => subscribers.prunePending(),
    signups: async () => {
      const repaired = await subscribers.repairSignups()
      for (const email of repaired) await sendConfirmation(email, runtimeOf(context))
      return repaired.length
    },
    submissions: () => bookings.pruneSubmissions(),
    activity: () => activity.prune(),
    media: () => media.pruneStale(),
    exports: () => subscriberExports.prune(),
    unsubscribes: () => unsubscribes.prune(),
    sessions: () => sessions.prune(),
    sessionEmails: () => retryOwedSessionEmails(runtimeOf(context)),
  }
  const outcomes = await Promise.allSettled(Object.values(tasks).map((task) => task()))
  const report = Object.fromEntries(
    Object.keys(tasks).map((name, i) => {
      const outcome = outcomes[i]!
      return [name, outcome.status === 'fulfilled' ? outcome.value : `failed: ${String(outcome.reason)}`]
    }),
  )
  console.log('maintenance:', JSON.stringify(report))
  return new Response(null, { status: outcomes.some((outcome) => outcome.status === 'rejected') ? 500 : 204 })
}

export const config: Config = { schedule: '*/5 * * * *' }
