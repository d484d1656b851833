/**
 * npm run bench:newsletter: a newsletter sent to BENCH_NEWSLETTER_SUBSCRIBERS (100,000) confirmed
 * subscribers in a real local Blobs server, SendGrid mocked with msw in the sending process (its
 * handler appends every recipient to a file, synchronously, before answering 202). Run 1 sends
 * it whole; run 2 is killed with SIGKILL half-way and resumed in a new process. Counts SendGrid
 * calls, time, duplicates and uncertain recipients; writes the "Newsletter send" section of
 * docs/bench.md (npm run bench keeps it).
 */
import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { setEnvironmentContext } from '@netlify/blobs'

process.env.JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123'
process.env.URL ??= 'https://bench.example'
process.env.SENDGRID_API_KEY = 'SG.bench'
process.env.MAIL_FROM = 'hello@bench.example'
process.env.BOOKING_TO_EMAIL = 'coach@bench.example'

const SENDGRID_SEND_URL = 'https://api.sendgrid.com/v3/mail/send'
const [mode, ...args] = process.argv.slice(2)

if (mode === 'child') await child(args[0]!, args[1]!)
else await parent()

/** One sending process: msw takes SendGrid's place; runs follow each other until the send ends. */
async function child(newsletterId: string, recipientsFile: string) {
  setEnvironmentContext(JSON.parse(process.env.BENCH_BLOBS_CONTEXT!))
  const { http, HttpResponse } = await import('msw')
  const { setupServer } = await import('msw/node')
  let calls = 0
  const server = setupServer(
    http.post(SENDGRID_SEND_URL, async ({ request }) => {
      const message = (await request.json()) as { personalizations: { to: { email: string }[] }[] }
      appendFileSync(recipientsFile, `${message.personalizations.map((p) => p.to[0]!.email).join('\n')}\n`)
      calls++
      return new HttpResponse(null, { status: 202 })
    }),
  )
  server.listen({ onUnhandledFrame: () => {} })
  const { runSend, setTrigger, LEASE_MS } = await import('#lib/newsletter/sender.ts')
  setTrigger(async () => {})
  // A resumed send comes after the killed run's lease has expired, as the scheduler would find it.
  const shift = process.env.BENCH_RESUME ? LEASE_MS + 1_000 : 0
  const started = performance.now()
  let outcome = await runSend(newsletterId, { runtime: { local: true }, now: () => Date.now() + shift })
  while (outcome === 'handed-on') outcome = await runSend(newsletterId, { runtime: { local: true }, now: () => Date.now() + shift })
  console.log(JSON.stringify({ outcome, calls, ms: performance.now() - started }))
  server.close()
}

function runChild(newsletterId: string, file: string, env: Record<string, string>, killAtLines?: number) {
  return new Promise<{ killed: boolean; result?: { outcome: string; calls: number; ms: number }; ms: number }>((resolve, reject) => {
    const started = performance.now()
    const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-newsletter.ts', 'child', newsletterId, file], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    let timer: NodeJS.Timeout | undefined
    if (killAtLines)
      timer = setInterval(() => {
        if (existsSync(file) && lines(file).length >= killAtLines) proc.kill('SIGKILL')
      }, 20)
    proc.on('error', reject)
    proc.on('exit', (_code, signal) => {
      clearInterval(timer)
      const ms = performance.now() - started
      if (signal === 'SIGKILL') return resolve({ killed: true, ms })
      const last = out.trim().split('\n').at(-1) ?? ''
      resolve({ killed: false, result: last.startsWith('{') ? JSON.parse(last) : undefined, ms })
    })
  })
}

function lines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []
}

/** The directory under `root` holding `key` (the store's own). */
function findStoreDir(root: string, key: string): string {
  for (const site of readdirSync(root))
    for (const store of readdirSync(join(root, site))) if (existsSync(join(root, site, store, ...key.split('/')))) return join(root, site, store)
  throw new Error('the seeded key was not found on disk')
}

async function parent() {
  const count = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 100_000)
  const directory = mkdtempSync(join(tmpdir(), 'bench-newsletter-'))
  const { BlobsServer } = await import('@netlify/blobs/server')
  const server = new BlobsServer({ directory, token: 'bench', port: 0 })
  const { port } = await server.start()
  const url = `http://localhost:${port}`
  const context = { siteID: 'bench', token: 'bench', edgeURL: url, uncachedEdgeURL: url }
  setEnvironmentContext(context)
  const env = { BENCH_BLOBS_CONTEXT: JSON.stringify(context) }
  const { openStore } = await import('#lib/storage/blobs.ts')
  const { keys } = await import('#lib/storage/keys.ts')
  const { content } = await import('#lib/data/content.ts')
  const { newsletters } = await import('#lib/data/newsletters.ts')

  try {
    console.error(`seeding ${count} confirmed subscribers…`)
    const seedStarted = performance.now()
    const at = new Date().toISOString()
    const record = (i: number) => {
      const email = `person${String(i).padStart(6, '0')}@bench.example`
      return { key: keys.subscriber(email), text: JSON.stringify({ id: `s${i}`, email, created_at: at, state: 'confirmed', confirmed_at: at }) }
    }
    // The first through the API, to find where the server keeps the store; the rest written
    // straight into its directory, as the server itself writes them (a file per key segment path).
    const first = record(0)
    await openStore('subscribers').set(first.key, first.text)
    const storeDir = findStoreDir(join(directory, 'entries'), first.key)
    let next = 1
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < count) {
          const { key, text } = record(next++)
          const path = join(storeDir, ...key.split('/'))
          await mkdir(dirname(path), { recursive: true })
          await writeFile(path, text)
        }
      }),
    )
    const seedMs = performance.now() - seedStarted
    await content.save({ section: 'site', key: 'postalAddress', value: 'PO Box 2417, Columbus, OH 43216', type: 'text' }, 'bench')
    console.error(`seeded in ${(seedMs / 1000).toFixed(1)} s`)

    const newsletter = async (subject: string) => {
      const created = await newsletters.create({ subject, body: '# Hello\n\nA **warm** word for the month.' }, 'bench')
      return (await newsletters.start(created.id, 'bench')).id
    }
    const check = (file: string) => {
      const all = lines(file)
      const unique = new Set(all)
      return { received: all.length, unique: unique.size, duplicates: all.length - unique.size }
    }

    // Run 1: the whole send in one process.
    const file1 = join(directory, 'run1.txt')
    const id1 = await newsletter('Run 1')
    console.error('run 1: sending…')
    const run1 = await runChild(id1, file1, env)
    const sent1 = await newsletters.get(id1)
    const c1 = check(file1)

    // Run 2: killed half-way, resumed in a new process.
    const file2 = join(directory, 'run2.txt')
    const id2 = await newsletter('Run 2')
    console.error('run 2: sending, to be killed half-way…')
    const killed = await runChild(id2, file2, env, Math.floor(count / 2))
    const atKill = lines(file2).length
    console.error(`killed after ${atKill} recipients; resuming in a new process…`)
    const resumed = await runChild(id2, file2, { ...env, BENCH_RESUME: '1' })
    const sent2 = await newsletters.get(id2)
    const c2 = check(file2)
    const notMailed2 = count - c2.unique

    const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    const table = [
      '| run | SendGrid calls | recipients received | duplicates | not mailed | uncertain | status | time |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      `| 1: whole send | ${run1.result?.calls ?? '?'} | ${c1.received} | ${c1.duplicates} | ${count - c1.unique} | ${sent1?.progress?.uncertain ?? '?'} | ${sent1?.status} | ${fmt(run1.ms)} |`,
      `| 2a: killed (SIGKILL) half-way | ? | ${atKill} | | | | sending | ${fmt(killed.ms)} |`,
      `| 2b: resumed in a new process | ${resumed.result?.calls ?? '?'} | ${c2.received} (both processes) | ${c2.duplicates} | ${notMailed2} | ${sent2?.progress?.uncertain ?? '?'} | ${sent2?.status} | ${fmt(resumed.ms)} |`,
    ].join('\n')
    const section = [
      '## Newsletter send',
      '',
      `Run ${new Date().toISOString().slice(0, 10)} with \`npm run bench:newsletter\` on ${cpus().length} cores, Node ${process.version}: ${count} confirmed subscribers in a local Blobs server (seeded in ${fmt(seedMs)}, written straight into the store 64 at a time), SendGrid mocked with msw in the sending process, whose handler appends every recipient to a file before answering 202. Times include starting the process (about a second).`,
      '',
      table,
      '',
      `Run 2's process was killed with SIGKILL once ${Math.floor(count / 2)} recipients had reached the mock, then a new process resumed the send (as the scheduler does once the lease has expired). "Not mailed" counts subscribers who never reached the mock; it can only be recipients of a batch that was in flight when the process died and is therefore never sent again ("uncertain": it may or may not have reached SendGrid). Duplicates must be 0.`,
      '',
    ].join('\n')
    console.log(section)
    if (!process.env.BENCH_NO_WRITE) {
      const existing = existsSync('docs/bench.md') ? readFileSync('docs/bench.md', 'utf8') : ''
      const kept = existing.includes('## Newsletter send') ? existing.slice(0, existing.indexOf('## Newsletter send')) : `${existing.trimEnd()}\n\n`
      writeFileSync('docs/bench.md', `${kept}${section}`)
    }
  } finally {
    await server.stop()
    rmSync(directory, { recursive: true, force: true })
  }
}
