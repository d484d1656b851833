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

/** An answer slower than this fails the suite (the body-size limit is there so none is). */
export const SLOW_MS = Number(process.env.ATTACK_SLOW_MS ?? 1000)

/**
 * A call still running at this point is stopped (its worker terminated) and counted as slow: a
 * super-linear pattern on 64 KB may otherwise run for hours.
 */
export const DEADLINE_MS = Number(process.env.ATTACK_DEADLINE_MS ?? attackScaled(2500, 5000))

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
