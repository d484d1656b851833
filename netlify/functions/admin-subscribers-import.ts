import type { Config } from '@netlify/functions'
import { IMPORT_MAX_BODY_BYTES, IMPORT_MESSAGES, ImportRequestSchema, reviewRows, type ImportResult } from '../../domain/subscriber-import'
import { requireEditor } from '../lib/auth'
import { activity } from '../lib/data/activity'
import { rateLimits } from '../lib/data/rate-limits'
import { subscribers } from '../lib/data/subscribers'
import { HttpError, json, readBody, route } from '../lib/http'
import { TRANSFER_LIMITS } from '../lib/subscriber-limits'

const WRITES_IN_FLIGHT = 50
const TOO_MANY = 'Too many imports in a short time. Please wait a few minutes and try again.'

/**
 * POST /api/admin/subscribers/import: one chunk of a CSV import (at most 1,000 rows), or of
 * its preview (`dryRun`: each row's outcome as it would be, nothing written). Every row is
 * checked again here, whatever the preview said; each new address is one create-only write,
 * confirmed (the admin confirmed these people asked for the newsletter), and an existing record
 * is never changed, whatever its state. Answers each row's outcome.
 */
export default route({
  POST: async (req) => {
    const { user } = await requireEditor(req)
    const taken = await rateLimits.take(TRANSFER_LIMITS.import, user.id)
    if (!taken.allowed) throw new HttpError(429, TOO_MANY, { 'Retry-After': String(taken.retryAfterSeconds) })
    const { importId, rows, consent, dryRun } = await readBody(req, ImportRequestSchema, IMPORT_MAX_BODY_BYTES)
    if (!dryRun && consent !== true) throw new HttpError(400, IMPORT_MESSAGES.consentRequired)
    const reviewed = reviewRows(rows)
    const results: ImportResult[] = reviewed.map(({ row, reason }) =>
      reason ? { row, outcome: 'refused', reason } : { row, outcome: 'added' },
    )
    const now = new Date()
    let next = 0
    await Promise.all(
      Array.from({ length: WRITES_IN_FLIGHT }, async () => {
        while (next < reviewed.length) {
          const i = next++
          const { email, reason } = reviewed[i]!
          if (reason) continue
          const added = dryRun ? !(await subscribers.find(email)) : await subscribers.addConfirmed(email, now)
          if (!added) results[i] = { row: reviewed[i]!.row, outcome: 'exists', reason: IMPORT_MESSAGES.exists }
        }
      }),
    )
    const count = (outcome: ImportResult['outcome']) => results.filter((result) => result.outcome === outcome).length
    const summary = { added: count('added'), exists: count('exists'), refused: count('refused') }
    if (dryRun) return json({ success: true, results, summary })
    const changes = [
      `Rows ${rows[0]!.row}–${rows[rows.length - 1]!.row}: ${summary.added} added, ${summary.exists} already subscribed, ${summary.refused} refused`,
    ]
    await activity.record(user, { action: 'imported', subject: 'subscriber', recordId: importId, label: 'Subscriber list', changes })
    return json({ success: true, results, summary })
  },
})

export const config: Config = { path: '/api/admin/subscribers/import' }
