/**
 * `npm run stress`: the race, fuzz and fault suites of tests/stress at their full sizes
 * (STRESS_SCALE=full), one file after another so each one's time is its own, then a table of what
 * they measured. Each test appends its numbers to .tmp/stress/results.jsonl (STRESS_RESULTS, see
 * tests/support/stress-scale.ts). Extra arguments go to vitest, e.g. `npm run stress -- races`.
 * Exits with vitest's status.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'

type Row = { suite: string; calls: number; errors5xx: number; lostWrites: number; duplicates: number; ms: number; note?: string }

const root = resolve(import.meta.dirname, '..')
const results = join(root, '.tmp', 'stress', 'results.jsonl')
rmSync(results, { force: true })

const started = Date.now()
const run = spawnSync(
  join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--config', 'tests/stress/vitest.config.ts', '--no-file-parallelism', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, STRESS_SCALE: process.env.STRESS_SCALE ?? 'full', STRESS_RESULTS: results } },
)

const rows: Row[] = existsSync(results)
  ? readFileSync(results, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row)
  : []

const header = ['suite', 'calls', 'errors >= 500', 'lost writes', 'duplicates', 'time (ms)', 'note']
const cells = rows.map((row) => [row.suite, row.calls, row.errors5xx, row.lostWrites, row.duplicates, row.ms, row.note ?? ''].map(String))
const sum = (pick: (row: Row) => number) => String(rows.reduce((total, row) => total + pick(row), 0))
cells.push([
  'total',
  sum((r) => r.calls),
  sum((r) => r.errors5xx),
  sum((r) => r.lostWrites),
  sum((r) => r.duplicates),
  sum((r) => r.ms),
  '',
])
const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => (i === header.length - 1 ? 0 : row[i]!.length))))
const line = (row: string[]) =>
  `| ${row.map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`

console.log(`\nStress run (STRESS_SCALE=${process.env.STRESS_SCALE ?? 'full'}), ${Math.round((Date.now() - started) / 1000)} s\n`)
console.log(line(header))
console.log(
  `|${widths.map((width, i) => (i === 0 || i === widths.length - 1 ? ':' : '-') + '-'.repeat(width) + (i === 0 || i === widths.length - 1 ? '-' : ':')).join('|')}|`,
)
for (const row of cells) console.log(line(row))
console.log(
  '\nlost writes: writes answered as done but missing, changes left by refused calls, or partial records; known bugs (it.fails) are counted in, see the note.',
)
process.exit(run.status ?? 1)
