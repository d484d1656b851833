import type { Config, Context } from '@netlify/functions'
import { sendReminders } from '#lib/booking/reminders.ts'
import { runtimeOf } from '#lib/config/env.ts'

/**
 * Scheduled every 15 minutes (never reachable by URL when deployed): the reminder of each session
 * that starts within the next 24 hours, to the visitor and the coach, once (lib/booking/reminders.ts).
 */
export default async (_req: Request, context: Context) => {
  try {
    const report = await sendReminders(runtimeOf(context))
    console.log('booking reminders:', JSON.stringify(report))
    return new Response(null, { status: 204 })
  } catch (error) {
    console.error('booking reminders failed:', error instanceof Error ? error.message : error)
    return new Response(null, { status: 500 })
  }
}

export const config: Config = { schedule: '*/15 * * * *' }
