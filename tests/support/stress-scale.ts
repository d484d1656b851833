import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Sizes for the stress suites (tests/stress). `STRESS_SCALE=full` (set by `npm run stress`) runs
 * the full sizes; anything else runs the small sizes that keep `vitest run` within seconds.
 */
export const STRESS_FULL = process.env.STRESS_SCALE === 'full'

export function scaled(small: number, full: number): number {
  return STRESS_FULL ? full : small
}

/** One line of the table `npm run stress` prints (scripts/stress.ts). */
export type StressRow = {
  suite: string
  calls: number
  /** Answers with status >= 500 (or 503s where the storage was working). */
  errors5xx: number
  /** Writes that were answered as done but are missing, or changes a refused call left behind. */
  lostWrites: number
  /** Records or emails that exist more than once. */
  duplicates: number
  ms: number
  note?: string
}

/**
 * Appends a row to the file named by STRESS_RESULTS (one JSON object per line), when set. Written
 * before a test asserts, so a failing run still shows its numbers.
 */
export function reportStress(row: StressRow): void {
  const file = process.env.STRESS_RESULTS
  if (!file) return
  mkdirSync(dirname(file), { recursive: true })
  appendFileSync(file, `${JSON.stringify({ ...row, ms: Math.round(row.ms) })}\n`)
}

let ipSequence = 0

/** A fresh address (benchmarking range) per call, so per-address limits are not what a test measures. */
export function nextIp(): string {
  const n = ipSequence++
  return `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`
}
