import type { Runtime } from '#lib/config/env.ts'
import { availability } from '#lib/data/availability.ts'
import { sessions } from '#lib/data/sessions.ts'
import { emailSetup } from '#lib/email/mailer.ts'
import { newId } from '#lib/storage/ids.ts'
import { sendSessionEmails } from './session-emails'

/**
 * Emails the visitor and the coach about each session that starts within a day, once. A run
 * first claims every due session in one compare-and-swap of the sessions document (a claim of its
 * own id), so runs at the same moment, a run repeated, or one that comes late each send a session's
 * reminder at most once; what it sent is then marked sent, and what failed released for the next
 * run. A run that dies in between holds its claim for REMINDER_CLAIM_MS, then the next run takes
 * it over. A reminder is for a session that has not started: a run too late for one sends nothing.
 */
export async function sendReminders(runtime: Runtime, now = Date.now()): Promise<{ sent: number; failed: number }> {
  // Not set up: nothing is claimed, so every reminder still goes out once email is configured.
  if (emailSetup(runtime).transport === 'none') return { sent: 0, failed: 0 }
  const claim = newId()
  const due = await sessions.claimReminders(claim, now)
  if (due.length === 0) return { sent: 0, failed: 0 }
  const { timeZone } = await availability.get()
  const sent: string[] = []
  const failed: string[] = []
  for (const session of due) {
    // One of the two sent counts as sent: trying again would send that one twice.
    if ((await sendSessionEmails(session, 'reminder', runtime, timeZone)).length > 0) sent.push(session.id)
    else failed.push(session.id)
  }
  await sessions.settleReminders(claim, sent, failed)
  return { sent: sent.length, failed: failed.length }
}
