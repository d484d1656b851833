import type { Config } from '@netlify/functions'
import { IMPORT_MESSAGES, reviewRows, statementProblem, type ImportResult } from '#domain/subscriber-import.ts'
import { adminSubscribersImport } from '#domain/api/mail.ts'
import { formatCount } from '#domain/text.ts'
import { activity } from '#lib/data/activity.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { unsubscribes } from '#lib/data/unsubscribes.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { TRANSFER_LIMITS } from '#lib/subscribers/limits.ts'
import { sendConfirmations } from '#lib/subscribers/confirm.ts'

const WRITES_IN_FLIGHT = 50
const TOO_MANY = 'Too many imports in a short time. Please wait a few minutes and try again.'
const TOO_MANY_EMAILS =
  'Importing people who are asked to confirm sends each an email, and today’s share (10,000) is used up. Please import the rest tomorrow.'

/**
 * POST /api/admin/subscribers/import: one chunk of a CSV import (at most 1,000 rows), or of
 * its preview (`dryRun`: each row's outcome as it would be, nothing written). Every row is
 * checked again here, whatever the preview said; each new address is one create-only write, and
 * an existing record is never changed, whatever its state. Answers each row's outcome.
 *
 * Nobody is added confirmed on an editor's word: by default the new addresses are pending and
 * each gets the confirmation email a signup gets (double opt-in). Only an admin may add them
 * confirmed, without an email, and only with a statement of how they gave their consent, which
 * is kept with each of them and in the history (docs/decisions.md, Subscribers).
 */
export default endpoint(adminSubscribersImport, {
  POST: async ({ context, session: { user }, body: { importId, rows, consent, dryRun, mode, statement } }) => {
    const taken = await rateLimits.take(TRANSFER_LIMITS.import, user.id)
    if (!taken.allowed) throw new HttpError(429, TOO_MANY, { 'Retry-After': String(taken.retryAfterSeconds) })
    if (mode === 'confirmed' && user.role !== 'admin') throw new HttpError(403, IMPORT_MESSAGES.confirmedAdminsOnly)
    if (!dryRun && consent !== true) throw new HttpError(400, IMPORT_MESSAGES.consentRequired)
    const problem = mode === 'confirmed' && !dryRun ? statementProblem(statement) : null
    if (problem) throw new HttpError(400, problem)
    if (!dryRun && mode === 'ask') {
      const emails = await rateLimits.take(TRANSFER_LIMITS.importEmails, user.id)
      if (!emails.allowed) throw new HttpError(429, TOO_MANY_EMAILS, { 'Retry-After': String(emails.retryAfterSeconds) })
    }
    const reviewed = reviewRows(rows)
    const results: ImportResult[] = reviewed.map(({ row, reason }) =>
      reason ? { row, outcome: 'refused', reason } : { row, outcome: 'added' },
    )
    const how = mode === 'confirmed' ? { by: user.username, statement: statement! } : { by: user.username }
    const now = new Date()
    const added: string[] = []
    // People who unsubscribed come back by their own signup only, never by someone's list.
    const left = await unsubscribes.whichLeft(reviewed.flatMap(({ email, reason }) => (reason ? [] : [email])))
    let next = 0
    await Promise.all(
      Array.from({ length: WRITES_IN_FLIGHT }, async () => {
        while (next < reviewed.length) {
          const i = next++
          const { email, reason } = reviewed[i]!
          if (reason) continue
          if (left.has(email)) {
            results[i] = { row: reviewed[i]!.row, outcome: 'refused', reason: IMPORT_MESSAGES.unsubscribed }
            continue
          }
          const isNew = dryRun ? !(await subscribers.find(email)) : await subscribers.addImported(email, how, now)
          if (!isNew) results[i] = { row: reviewed[i]!.row, outcome: 'exists', reason: IMPORT_MESSAGES.exists }
          else if (!dryRun) added.push(email)
        }
      }),
    )
    const count = (outcome: ImportResult['outcome']) => results.filter((result) => result.outcome === outcome).length
    const summary = { added: count('added'), exists: count('exists'), refused: count('refused') }
    if (dryRun) return { results, summary }
    const emailed = mode === 'ask' ? await sendConfirmations(added, runtimeOf(context), now) : undefined
    const rowsLabel = `Rows ${formatCount(rows[0]!.row)}–${formatCount(rows[rows.length - 1]!.row)}`
    const changes =
      mode === 'confirmed'
        ? [
            `${rowsLabel}: ${formatCount(summary.added)} added as confirmed, ${formatCount(summary.exists)} already subscribed, ${formatCount(summary.refused)} refused`,
            `Consent: ${statement!}`,
          ]
        : [
            `${rowsLabel}: ${formatCount(summary.added)} added awaiting confirmation (${formatCount(emailed ?? 0)} confirmation emails sent), ${formatCount(summary.exists)} already subscribed, ${formatCount(summary.refused)} refused`,
          ]
    await activity.record(user, { action: 'imported', subject: 'subscriber', recordId: importId, label: 'Subscriber list', changes })
    return { results, summary, ...(emailed === undefined ? {} : { emailed }) }
  },
})

export const config: Config = { path: '/api/admin/subscribers/import' }
