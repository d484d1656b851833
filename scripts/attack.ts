/**
 * `npm run attack`: the attack suite of tests/attack at full size (ATTACK_SCALE=full), one file
 * after another so that no other work slows an answer down, then a table per attack class: calls,
 * answers >= 500, calls that touched storage outside their record, slow answers, other failed
 * checks and the slowest answer, and after it every finding. Each test appends its numbers to
 * .tmp/attack/results.jsonl and its findings to .tmp/attack/findings.jsonl (see
 * tests/support/attack-scale.ts). Extra arguments go to vitest, e.g. `npm run attack -- storage`.
 * Exits with vitest's status.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ATTACK_CLASSES, SLOW_MS, type AttackBaseline, type AttackRow } from '#tests/support/attack-scale.ts'

const root = resolve(import.meta.dirname, '..')
const results = join(root, '.tmp', 'attack', 'results.jsonl')
const findings = join(root, '.tmp', 'attack', 'findings.jsonl')
rmSync(results, { force: true })
rmSync(findings, { force: true })
const scale = process.env.ATTACK_SCALE ?? 'full'

const started = Date.now()
const run = spawnSync(
  join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--project', 'attack', '--no-file-parallelism', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, ATTACK_SCALE: scale, ATTACK_RESULTS: results, ATTACK_FINDINGS: findings } },
)

const readLines = <T>(file: string): T[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T)
    : []
const rows = readLines<AttackRow>(results).sort((a, b) => ATTACK_CLASSES.indexOf(a.attack) - ATTACK_CLASSES.indexOf(b.attack))
const found = readLines<{ attack: string; problem: string }>(findings)

// What each class found against the commit before its fix (tests/attack/baselines/README.md).
const baselineDir = join(root, 'tests', 'attack', 'baselines')
const baselines = new Map<string, AttackBaseline>(
  (existsSync(baselineDir) ? readdirSync(baselineDir).filter((name) => name.endsWith('.json')) : []).map((name) => {
    const baseline = JSON.parse(readFileSync(join(baselineDir, name), 'utf8')) as AttackBaseline
    return [baseline.attack, baseline]
  }),
)
const commits = [...new Set([...baselines.values()].map((b) => b.commit))].join(', ') || 'an older commit'

const header = [
  'attack',
  'calls',
  'answers >= 500',
  'outside record',
  `over ${SLOW_MS} ms of CPU`,
  'other failed checks',
  'accepted',
  `accepted at ${commits}`,
  'slowest (ms)',
]
const slowest = (row: AttackRow) => `${row.slowestStopped ? '>' : ''}${Math.round(row.slowestMs)}`
const then = (row: AttackRow) => {
  const baseline = baselines.get(row.attack)
  return baseline ? `${baseline.accepted} of ${baseline.calls}` : '-'
}
const cells = rows.map((row) =>
  [row.attack, row.calls, row.errors5xx, row.outside, row.slow, row.otherProblems, row.accepted ?? '-', then(row), slowest(row)].map(String),
)
const sum = (pick: (row: AttackRow) => number) => String(rows.reduce((total, row) => total + pick(row), 0))
const worst = rows.reduce<AttackRow | undefined>((max, row) => (!max || row.slowestMs > max.slowestMs ? row : max), undefined)
cells.push([
  'total',
  sum((r) => r.calls),
  sum((r) => r.errors5xx),
  sum((r) => r.outside),
  sum((r) => r.slow),
  sum((r) => r.otherProblems),
  sum((r) => r.accepted ?? 0),
  '',
  worst ? slowest(worst) : '0',
])
const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i]!.length)))
const line = (row: string[]) => `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`

console.log(`\nAttack run (ATTACK_SCALE=${scale}), ${Math.round((Date.now() - started) / 1000)} s\n`)
console.log(line(header))
console.log(`|${widths.map((width, i) => (i === 0 ? ':' : '-') + '-'.repeat(width) + (i === 0 ? '-' : ':')).join('|')}|`)
for (const row of cells) console.log(line(row))
console.log(
  '\noutside record: calls that read, listed or wrote a Blobs key outside the records they name, or left a change behind that their answer does not allow (see tests/support/attack-targets.ts). accepted: hostile requests the site went along with (a cross-site post that stored or sent, a swapped upload served, a new cache entry, a page built from another host); the column after it is what the same test counted against the commit named, before the fix. ">" marks a call stopped at the deadline.',
)
if (found.length > 0) {
  console.log(`\nFindings (${found.length}):`)
  for (const { attack, problem } of found) console.log(`- [${attack}] ${problem}`)
}
process.exit(run.status ?? 1)
