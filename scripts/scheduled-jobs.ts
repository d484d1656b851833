/**
 * The scheduled functions, run by `npm run dev` as Netlify runs them once deployed. netlify dev
 * serves a scheduled function but never calls it on its schedule, so without this a post scheduled
 * locally would stay "Scheduled" for good, and no maintenance would ever run.
 *
 * - The schedules come from the functions themselves: every file of netlify/functions that
 *   exports a `config` with a `schedule` (the same in-source config Netlify reads at deploy).
 * - Each job is called the way netlify dev invokes a scheduled function locally (what
 *   `netlify functions:invoke` does): a POST to /.netlify/functions/<name> with the user agent of
 *   Netlify's scheduler, which netlify dev answers by running it as a scheduled event.
 * - Schedules are cron expressions in UTC, checked at the start of every minute, as on Netlify.
 * - A job still running when it is due again is not started a second time; that run is skipped.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export type ScheduledJob = { name: string; schedule: string }

/** The user agent netlify dev (and Netlify's scheduler) sends with a scheduled invocation. */
const SCHEDULER_USER_AGENT = 'Netlify Clockwork'

/** A run that takes longer than this is taken as lost (netlify dev stops a function long before). */
const RUN_TIMEOUT_MS = 15 * 60_000

/** Every function in `folder` whose exported config has a schedule, by name. */
export async function scheduledFunctions(folder: string): Promise<ScheduledJob[]> {
  const jobs: ScheduledJob[] = []
  for (const file of readdirSync(folder)
    .filter((name) => /\.[cm]?[jt]s$/.test(name))
    .sort()) {
    const full = path.join(folder, file)
    // Only a file that sets a schedule is loaded: loading every function would cost seconds.
    if (!/\bschedule\s*:/.test(readFileSync(full, 'utf8'))) continue
    const module = (await import(pathToFileURL(full).href)) as { config?: { schedule?: unknown } }
    const schedule = module.config?.schedule
    if (typeof schedule !== 'string') continue
    parseCron(schedule) // a schedule this runner cannot read stops the start, with its reason
    jobs.push({ name: file.replace(/\.[^.]+$/, ''), schedule })
  }
  return jobs
}

const ALIASES: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const

type Cron = { sets: Set<number>[]; anyDayOfMonth: boolean; anyDayOfWeek: boolean }

/** A five-field cron expression (numbers, `*`, ranges, steps and lists, or an @alias). */
export function parseCron(expression: string): Cron {
  const fields = (ALIASES[expression.trim()] ?? expression).trim().split(/\s+/)
  if (fields.length !== 5) throw new Error(`schedule "${expression}": expected five fields (minute hour day month weekday)`)
  const sets = fields.map((field, i) => {
    const { name, min, max } = FIELDS[i]!
    const set = new Set<number>()
    for (const part of field.split(',')) {
      const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part)
      if (!match) throw new Error(`schedule "${expression}": cannot read the ${name} field "${field}"`)
      const from = match[1] === '*' ? min : Number(match[2])
      const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] !== undefined ? max : from
      const step = match[4] !== undefined ? Number(match[4]) : 1
      if (from < min || to > max || from > to || step < 1) throw new Error(`schedule "${expression}": ${name} "${part}" is out of range`)
      for (let value = from; value <= to; value += step) set.add(i === 4 && value === 7 ? 0 : value)
    }
    return set
  })
  return { sets, anyDayOfMonth: fields[2] === '*', anyDayOfWeek: fields[4] === '*' }
}

/** Whether the schedule falls due at `date`'s minute, read in UTC as Netlify does. */
export function isDue(expression: string, date: Date): boolean {
  const { sets, anyDayOfMonth, anyDayOfWeek } = parseCron(expression)
  const [minutes, hours, days, months, weekdays] = sets as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>]
  if (!minutes.has(date.getUTCMinutes()) || !hours.has(date.getUTCHours()) || !months.has(date.getUTCMonth() + 1)) return false
  const dayOfMonth = days.has(date.getUTCDate())
  const dayOfWeek = weekdays.has(date.getUTCDay())
  // Cron's own rule: with both day fields restricted, either one will do.
  if (!anyDayOfMonth && !anyDayOfWeek) return dayOfMonth || dayOfWeek
  return dayOfMonth && dayOfWeek
}

/** "every minute", "every 5 minutes", or the expression itself. */
export function describeSchedule(expression: string): string {
  const fields = expression.trim().split(/\s+/)
  const rest = fields.slice(1).join(' ')
  if (rest === '* * * *' && fields[0] === '*') return 'every minute'
  const step = /^\*\/(\d+)$/.exec(fields[0] ?? '')
  if (rest === '* * * *' && step) return `every ${step[1]} minutes`
  if (fields.length === 5 && fields[0] === '0' && rest === '* * * *') return 'every hour'
  return `on "${expression}" (UTC)`
}

/**
 * Runs `jobs` against the site at `site` until the returned stop is called. `log` gets one line per
 * failure or skipped run; a run that succeeds says nothing here (the function's own output shows
 * in netlify dev's).
 */
export function runScheduledJobs(site: string, jobs: readonly ScheduledJob[], log: (line: string) => void): () => void {
  const running = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  async function run(job: ScheduledJob, due: Date): Promise<void> {
    if (running.has(job.name)) {
      log(`${job.name}: the run of an earlier minute is still going, so the ${due.toISOString().slice(11, 16)} UTC run is skipped`)
      return
    }
    running.add(job.name)
    try {
      const response = await fetch(`${site}/.netlify/functions/${job.name}`, {
        method: 'POST',
        headers: { 'User-Agent': SCHEDULER_USER_AGENT, 'Content-Type': 'application/json' },
        body: JSON.stringify({ next_run: due.toISOString() }),
        signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
      })
      const text = await response.text()
      if (!response.ok) log(`${job.name} failed (${response.status}): ${text.replace(/\s+/g, ' ').trim().slice(0, 300)}`)
    } catch (error) {
      if (!stopped) log(`${job.name} could not be called: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      running.delete(job.name)
    }
  }

  function tick(): void {
    if (stopped) return
    const now = new Date()
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000)
    for (const job of jobs) if (isDue(job.schedule, minute)) void run(job, minute)
    // The start of the next minute, a little after it so the clock has surely passed it.
    timer = setTimeout(tick, minute.getTime() + 60_000 - Date.now() + 50)
  }

  const now = Date.now()
  timer = setTimeout(tick, Math.ceil(now / 60_000) * 60_000 - now + 50)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
