import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEditor } from '#tests/support/auth.ts'
import { startBlobsServer, type RunningBlobsServer } from '#tests/support/blobs-server.ts'
import { attackScaled, reportAttack, reportFindings, SLOW_MS, type AttackRow } from '#tests/support/attack-scale.ts'
import { raceRounds, raceUpload } from '#tests/support/upload-races.ts'

/**
 * Upload races: an editor's token sends a PNG as the part that decides a file's type, then, while
 * the upload completes (once or twice at once), sends that part again as an SVG with a script.
 * Accepted = rounds in which the file was served with other bytes than the ones complete checked
 * (their SHA-256 is not the recorded one, or they are not the type they are served as): a script
 * kept by the CDN for a year under an image's name. Each round ends refused or serving the first
 * bytes. The calls go to the functions in this process against a real local Blobs server.
 * Slow calls are counted but not judged here: 3 MB bodies take their time on a loaded machine,
 * and the race, not the speed, is the point.
 */
const ROUNDS = attackScaled(9, 60)
/** The tester's file: 3 MB, one part. */
const SIZE = 3_000_000
const SEED = Number(process.env.ATTACK_SEED ?? 20261123)

let blobs: RunningBlobsServer

beforeAll(async () => {
  blobs = await startBlobsServer()
})

afterAll(async () => {
  await blobs?.stop()
})

describe('upload races', () => {
  it(
    `${ROUNDS} rounds of a part rewritten while the upload completes: the served bytes are the checked bytes`,
    { timeout: 1_200_000 },
    async () => {
      const { authorization } = await createEditor()
      const row: AttackRow = {
        attack: 'upload races',
        calls: 0,
        errors5xx: 0,
        outside: 0,
        slow: 0,
        otherProblems: 0,
        accepted: 0,
        slowestMs: 0,
        slowestStopped: false,
      }
      const findings: string[] = []
      for (const [i, round] of raceRounds(ROUNDS, { size: SIZE, seed: SEED }).entries()) {
        const result = await raceUpload(authorization, round)
        row.calls += result.calls
        row.errors5xx += result.errors5xx
        row.otherProblems += result.problems.length
        if (result.slowestMs > SLOW_MS) row.slow++
        row.slowestMs = Math.max(row.slowestMs, result.slowestMs)
        if (result.swapped.length > 0) row.accepted! += 1
        const where = `round ${i} (${round.kind}, delays ${round.delays.join('/')} ms)`
        findings.push(...[...result.swapped, ...result.problems].map((finding) => `${where}: ${finding}`))
        if (result.errors5xx > 0) findings.push(`${where}: ${result.errors5xx} answers >= 500`)
      }
      reportAttack(row)
      reportFindings('upload races', findings)
      expect(row.accepted, findings.join('\n')).toBe(0)
      expect(row.errors5xx, findings.join('\n')).toBe(0)
      expect(row.otherProblems, findings.join('\n')).toBe(0)
    },
  )
})
