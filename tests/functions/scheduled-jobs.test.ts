import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { describeSchedule, isDue, parseCron, runScheduledJobs, scheduledFunctions } from '#scripts/scheduled-jobs.ts'
import * as bookingReminders from '#functions/booking-reminders.ts'
import * as maintenance from '#functions/maintenance.ts'
import * as newsletterScheduler from '#functions/newsletter-scheduler.ts'
import * as publishScheduled from '#functions/publish-scheduled.ts'

/** What `npm run dev` does with the scheduled functions (scripts/scheduled-jobs.ts). */
describe('scheduled jobs of npm run dev', () => {
  afterEach(() => vi.useRealTimers())

  it('finds every scheduled function with the schedule its own config gives, and nothing else', async () => {
    const jobs = await scheduledFunctions(path.resolve(import.meta.dirname, '../../netlify/functions'))
    expect(jobs).toEqual([
      { name: 'booking-reminders', schedule: bookingReminders.config.schedule },
      { name: 'maintenance', schedule: maintenance.config.schedule },
      { name: 'newsletter-scheduler', schedule: newsletterScheduler.config.schedule },
      { name: 'publish-scheduled', schedule: publishScheduled.config.schedule },
    ])
    expect(jobs.map((job) => describeSchedule(job.schedule))).toEqual([
      'every 15 minutes',
      'every 5 minutes',
      'every minute',
      'every minute',
    ])
  })

  it('reads cron in UTC as Netlify does', () => {
    const at = (iso: string) => new Date(iso)
    expect(isDue('* * * * *', at('2026-01-01T10:07:00Z'))).toBe(true)
    expect(isDue('*/5 * * * *', at('2026-01-01T10:05:00Z'))).toBe(true)
    expect(isDue('*/5 * * * *', at('2026-01-01T10:07:00Z'))).toBe(false)
    expect(isDue('30 2 * * *', at('2026-01-01T02:30:00Z'))).toBe(true)
    expect(isDue('30 2 * * *', at('2026-01-01T03:30:00Z'))).toBe(false)
    expect(isDue('@hourly', at('2026-01-01T03:00:00Z'))).toBe(true)
    expect(isDue('0 9 * * 1-5', at('2026-01-03T09:00:00Z'))).toBe(false) // a Saturday
    expect(isDue('0 9 * * 7', at('2026-01-04T09:00:00Z'))).toBe(true) // 7 is Sunday too
    // Both day fields restricted: either one will do.
    expect(isDue('0 0 1 * 1', at('2026-01-05T00:00:00Z'))).toBe(true)
    for (const bad of ['* * * *', '61 * * * *', 'every minute', '*/0 * * * *', '5-1 * * * *']) expect(() => parseCron(bad)).toThrow(bad)
  })

  it('calls each job as netlify dev invokes a scheduled function, and never starts one that is still running', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2026-01-01T10:04:30Z') })
    const calls: { path?: string; agent?: string; method?: string }[] = []
    const held: ServerResponse[] = []
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      calls.push({ path: request.url, agent: request.headers['user-agent'], method: request.method })
      held.push(response) // the run goes on until the test lets it end
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const lines: string[] = []
    const stop = runScheduledJobs(
      site,
      [
        { name: 'every-minute', schedule: '* * * * *' },
        { name: 'every-five', schedule: '*/5 * * * *' },
      ],
      (line) => lines.push(line),
    )
    try {
      await vi.advanceTimersByTimeAsync(29_000)
      expect(calls).toEqual([]) // nothing before the minute comes
      await vi.advanceTimersByTimeAsync(2_000) // 10:05
      await vi.waitFor(() => expect(calls).toHaveLength(2))
      expect(calls).toEqual([
        { path: '/.netlify/functions/every-minute', agent: 'Netlify Clockwork', method: 'POST' },
        { path: '/.netlify/functions/every-five', agent: 'Netlify Clockwork', method: 'POST' },
      ])
      await vi.advanceTimersByTimeAsync(60_000) // 10:06: every-minute is still running
      expect(calls).toHaveLength(2)
      expect(lines).toEqual([expect.stringMatching(/^every-minute: .*still going.*10:06 UTC run is skipped$/)])
      for (const response of held.splice(0)) response.end()
      await vi.waitFor(() => expect(held).toEqual([]))
      await new Promise((resolve) => setImmediate(resolve))
      await vi.advanceTimersByTimeAsync(60_000) // 10:07: free again, and its failure is said
      await vi.waitFor(() => expect(calls).toHaveLength(3))
      held.splice(0).forEach((response) => response.writeHead(500).end('it broke'))
      await vi.waitFor(() => expect(lines.at(-1)).toBe('every-minute failed (500): it broke'))
    } finally {
      stop()
      held.forEach((response) => response.end())
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
