import type { Config, Context } from '@netlify/functions'
import { retryBookingEmails } from '../lib/booking-email'
import { resources } from '../lib/data/resources'
import { revokedTokens } from '../lib/data/revoked-tokens'
import { runtimeOf } from '../lib/env'

/**
 * Scheduled every 5 minutes (never reachable by URL when deployed): adds settled download events
 * into the counts, retries booking emails that failed, and forgets revoked tokens that have expired.
 * Each task runs even if another fails.
 */
export default async (_req: Request, context: Context) => {
  const outcomes = await Promise.allSettled([resources.foldDownloads(), retryBookingEmails(runtimeOf(context)), revokedTokens.prune()])
  const [folded, emails, pruned] = outcomes.map((outcome) =>
    outcome.status === 'fulfilled' ? outcome.value : `failed: ${String(outcome.reason)}`,
  )
  console.log('maintenance:', JSON.stringify({ folded, emails, pruned }))
  return new Response(null, { status: outcomes.some((outcome) => outcome.status === 'rejected') ? 500 : 204 })
}

export const config: Config = { schedule: '*/5 * * * *' }
