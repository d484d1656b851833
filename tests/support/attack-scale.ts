import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Sizes for the attack suite (tests/attack). `ATTACK_SCALE=full` (set by `npm run attack`) runs
 * every input against every target; anything else runs the small size that `npm test` includes.
 */
export const ATTACK_FULL = process.env.ATTACK_SCALE === 'full'

export function attackScaled<T>(small: T, full: T): T {
  return ATTACK_FULL ? full : small
}

/**
 * A call that worked longer than this fails the suite (the body-size limit is there so none does),
 * counted in CPU time: see `startTiming`.
 */
export const SLOW_MS = Number(process.env.ATTACK_SLOW_MS ?? 1000)

/** How long a call took: `ms` on the clock, `cpuMs` of the CPU its thread used meanwhile. */
export type Timing = { ms: number; cpuMs: number }

/**
 * Starts timing a call; the function returned stops it. The slow verdict (`tooSlow`) reads the CPU
 * time: a hostile input that makes the code work (a pattern that backtracks on 64 KB) costs CPU
 * however idle the machine is, while the clock also counts the time a busy machine gives to
 * everything else (beside the browser tests' servers starting, a call that takes 0.2 s alone was
 * answered in 1.3 s). The clock time is still reported, and a call still running at DEADLINE_MS is
 * stopped and counted slow. The CPU is the calling thread's: run the call in its own thread (the
 * attack worker) or in this one, awaited, with nothing else running.
 */
export function startTiming(): () => Timing {
  const started = performance.now()
  const cpu = process.threadCpuUsage()
  return () => {
    const ms = performance.now() - started
    const used = process.threadCpuUsage(cpu)
    return { ms, cpuMs: (used.user + used.system) / 1000 }
  }
}

export const tooSlow = (timing: Timing): boolean => timing.cpuMs > SLOW_MS

/** What a slow call's finding says. */
export const slowFinding = (timing: Timing): string =>
  `worked ${Math.round(timing.cpuMs)} ms of CPU, answered in ${Math.round(timing.ms)} ms (limit ${SLOW_MS} ms of CPU)`

/**
 * A call still running at this point is stopped (its worker terminated) and counted as slow: a
 * super-linear pattern on 64 KB may otherwise run for hours.
 */
export const DEADLINE_MS = Number(process.env.ATTACK_DEADLINE_MS ?? 5000)

/** The attack classes, in the order of the table. */
export const ATTACK_CLASSES = [
  'key traversal',
  'worst-case patterns',
  'built-in names',
  'replacement patterns',
  'email injection',
  'storage properties',
  'integrity',
  'cross-site requests',
  'upload races',
  'cache keys',
  'forged host',
  'lockout',
  'subscriber probes',
  'forged lines',
] as const
export type AttackClass = (typeof ATTACK_CLASSES)[number]

/** One line of the table `npm run attack` prints (scripts/attack.ts). */
export type AttackRow = {
  attack: AttackClass
  calls: number
  /** Answers with status >= 500, calls that threw, and (storage) errors other than a 4xx HttpError. */
  errors5xx: number
  /** Calls that read, listed or wrote a key outside the records they name, or left such a change behind. */
  outside: number
  /** Answers slower than SLOW_MS, stopped calls included. */
  slow: number
  /** Other failed checks: broken pages and feeds, injected mail headers, lost data. */
  otherProblems: number
  /**
   * Hostile requests the site went along with: a cross-site post that stored or sent something,
   * a swapped upload that was served, a tracking parameter that made a new cache entry, a page
   * built from another host, a request of a campaign that kept the coach out of her own site, a
   * signup whose answer told whether the address was on the list. Only the classes that count it
   * set it (the table shows "-" elsewhere).
   */
  accepted?: number
  slowestMs: number
  /** The slowest call was stopped at the deadline: its real time is longer. */
  slowestStopped: boolean
}

/** Appends a row to ATTACK_RESULTS (one JSON object per line), before the test asserts. */
export function reportAttack(row: AttackRow): void {
  const file = process.env.ATTACK_RESULTS
  if (!file) return
  mkdirSync(dirname(file), { recursive: true })
  appendFileSync(file, `${JSON.stringify({ ...row, slowestMs: Math.round(row.slowestMs) })}\n`)
}

/** The problems of one class, also written for scripts/attack.ts to list after the table. */
export function reportFindings(attack: AttackClass, problems: string[]): void {
  const file = process.env.ATTACK_FINDINGS
  if (!file || problems.length === 0) return
  mkdirSync(dirname(file), { recursive: true })
  appendFileSync(file, problems.map((problem) => `${JSON.stringify({ attack, problem })}\n`).join(''))
}

/**
 * What a class found against an older commit, measured by running the same test file there (see
 * tests/attack/baselines/README.md): the table prints it beside today's count, so the suite is
 * seen to bite.
 */
export type AttackBaseline = { attack: AttackClass; commit: string; calls: number; accepted: number; note?: string }
