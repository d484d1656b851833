import type { Config } from '@netlify/functions'
import { SYSTEM_ACTOR } from '#domain/activity.ts'
import { activity } from '#lib/data/activity.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { resumeSends } from '#lib/newsletter/sender.ts'

/**
 * Scheduled every minute (never reachable by URL when deployed): starts the scheduled newsletters
 * whose time has come, and triggers the worker for every send whose run is not working (its
 * trigger was lost, it was cut off, or it paused after a refusal and is due again).
 */
export default async () => {
  const { started, resumed } = await resumeSends()
  if (started.length > 0 || resumed.length > 0) console.log('newsletters:', JSON.stringify({ started, resumed }))
  for (const id of started) {
    const newsletter = await newsletters.get(id)
    await activity.record(SYSTEM_ACTOR, { action: 'sent', subject: 'newsletter', recordId: id, label: newsletter?.subject ?? id, changes: ['Scheduled'] })
  }
  return new Response(null, { status: 204 })
}

export const config: Config = { schedule: '* * * * *' }
