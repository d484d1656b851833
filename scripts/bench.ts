/**
 * npm run bench: the cost of each public and admin call as the data grows (costs should stay flat).
 * Seeds a real local Blobs server at two sizes, calls each function handler in-process, and
 * prints Blobs requests per call and p50/p95 latency at each size. Writes docs/bench.md.
 *   BENCH_LARGE_POSTS=1000 BENCH_LARGE_RESOURCES=1000 BENCH_LARGE_SUBSCRIBERS=100000 (defaults)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, totalmem, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Context } from '@netlify/functions'
import { setEnvironmentContext } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'

process.env.JWT_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123'
process.env.URL ??= 'https://bench.example'

const { posts } = await import('#lib/data/posts.ts')
const { resources } = await import('#lib/data/resources.ts')
const { subscribers } = await import('#lib/data/subscribers.ts')
const { users } = await import('#lib/data/users.ts')
const { issueToken } = await import('#lib/auth/session.ts')
const { SUBSCRIBERS_PAGE_SIZE } = await import('#domain/subscriber.ts')
const { parseCsv } = await import('#domain/csv.ts')
const { IMPORT_CHUNK_ROWS, planImport } = await import('#domain/subscriber-import.ts')
// The exports endpoint starts the background function by URL: here it runs in this process, as in the tests.
const { runExportWorkerInProcess } = await import('#tests/support/export-worker.ts')
runExportWorkerInProcess()

type Handler = (req: Request, context: Context) => Promise<Response>
const fn = async (name: string) => (await import(`../netlify/functions/${name}.ts`)).default as Handler

const SIZES = {
  small: { posts: 10, resources: 10, subscribers: 10 },
  large: {
    posts: Number(process.env.BENCH_LARGE_POSTS ?? 1000),
    resources: Number(process.env.BENCH_LARGE_RESOURCES ?? 1000),
    subscribers: Number(process.env.BENCH_LARGE_SUBSCRIBERS ?? 100_000),
  },
}
const RUNS = Number(process.env.BENCH_RUNS ?? 40)

let blobRequests = 0
async function withServer<T>(work: () => Promise<T>): Promise<T> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-blobs-'))
  const server = new BlobsServer({ directory, token: 'bench', port: 0, onRequest: () => void blobRequests++ })
  const { port } = await server.start()
  const url = `http://localhost:${port}`
  setEnvironmentContext({ siteID: 'bench', token: 'bench', edgeURL: url, uncachedEdgeURL: url })
  try {
    return await work()
  } finally {
    await server.stop()
    rmSync(directory, { recursive: true, force: true })
  }
}

/** Runs `tasks` with at most `width` in flight. */
async function pool(count: number, width: number, task: (i: number) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++)
    }),
  )
}

const body = (words: number) => Array.from({ length: words }, (_, i) => (i % 12 === 0 ? '\n\n' : '') + 'steward').join(' ')

async function seed(size: (typeof SIZES)['small']) {
  const started = Date.now()
  // Posts are created one by one: each create rewrites the index, as the admin would.
  for (let i = 0; i < size.posts; i++) {
    await posts.create(
      {
        title: `Post ${i}`,
        excerpt: `Excerpt ${i}`,
        content: body(600),
        featuredImage: undefined,
        status: i % 10 === 9 ? 'draft' : 'published',
        tags: [`tag${i % 7}`],
      },
      'Grace Adeyemi',
    )
  }
  for (let i = 0; i < size.resources; i++) {
    await resources.create(
      {
        title: `Resource ${i}`,
        description: 'A helpful guide',
        type: 'guide',
        fileUrl: `/downloads/${i}.pdf`,
        thumbnailUrl: undefined,
        isActive: true,
      },
      'admin',
    )
  }
  await pool(size.subscribers, 64, (i) => subscribers.add(`person${i}@example.com`))
  await users.create({ username: 'admin', email: 'admin@example.com', password: 'bench-password', role: 'admin' })
  return Date.now() - started
}

type Call = { name: string; run: (i: number) => Promise<Response> }

async function calls(): Promise<Call[]> {
  const admin = await users.findByUsername('admin')
  const token = await issueToken(admin!)
  const auth = { Authorization: `Bearer ${token}` }
  const firstPost = (await posts.listPublished())[0]!
  const firstResource = (await resources.list())[0]!
  const ctx = (params: Record<string, string> = {}, ip = '203.0.113.1') => ({ params, ip }) as unknown as Context
  const get = (path: string, headers: Record<string, string> = {}) => new Request(`https://bench.example${path}`, { headers })
  const post = (path: string, data: unknown) =>
    new Request(`https://bench.example${path}`, {
      method: 'POST',
      body: JSON.stringify(data),
      headers: { 'Content-Type': 'application/json' },
    })
  const [blogPosts, resourcesFn, download, subscribersFn, content, adminPosts, adminResources, stats, rss, sitemap] = await Promise.all(
    [
      'blog-posts',
      'resources',
      'resource-download',
      'subscribers',
      'content',
      'admin-blog-posts',
      'admin-resources',
      'admin-stats',
      'rss',
      'sitemap',
    ].map(fn),
  )
  return [
    { name: 'GET /api/blog-posts', run: () => blogPosts!(get('/api/blog-posts'), ctx()) },
    { name: 'GET /api/blog-posts?slug=', run: () => blogPosts!(get(`/api/blog-posts?slug=${firstPost.slug}`), ctx()) },
    { name: 'GET /api/resources', run: () => resourcesFn!(get('/api/resources'), ctx()) },
    {
      name: 'POST /api/resources/{id}/download',
      run: () => download!(post(`/api/resources/${firstResource.id}/download`, {}), ctx({ id: firstResource.id })),
    },
    // Each subscribe from its own address, so the per-address limit is not what is measured.
    {
      name: 'POST /api/subscribers',
      run: (i) =>
        subscribersFn!(post('/api/subscribers', { email: `new${i}-${Date.now()}@example.com` }), ctx({}, `198.51.${i >> 8}.${i & 255}`)),
    },
    { name: 'GET /api/content', run: () => content!(get('/api/content'), ctx()) },
    { name: 'GET /rss.xml', run: () => rss!(get('/rss.xml'), ctx()) },
    { name: 'GET /sitemap.xml', run: () => sitemap!(get('/sitemap.xml'), ctx()) },
    { name: 'GET /api/admin/blog-posts', run: () => adminPosts!(get('/api/admin/blog-posts', auth), ctx()) },
    { name: 'GET /api/admin/resources', run: () => adminResources!(get('/api/admin/resources', auth), ctx()) },
    { name: 'GET /api/subscribers (page 1)', run: () => subscribersFn!(get('/api/subscribers?page=1', auth), ctx()) },
    { name: 'GET /api/subscribers (search)', run: () => subscribersFn!(get('/api/subscribers?search=person12', auth), ctx()) },
    { name: 'GET /api/admin/stats', run: () => stats!(get('/api/admin/stats', auth), ctx()) },
  ]
}

type Result = { reads: number; p50: number; p95: number }

async function measure(): Promise<Map<string, Result>> {
  const results = new Map<string, Result>()
  for (const call of await calls()) {
    await call.run(-1) // warm up
    const times: number[] = []
    const before = blobRequests
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      const response = await call.run(i)
      if (response.status >= 400) throw new Error(`${call.name} answered ${response.status}: ${await response.text()}`)
      await response.arrayBuffer()
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
    results.set(call.name, { reads: (blobRequests - before) / RUNS, p50: pick(0.5), p95: pick(0.95) })
  }
  return results
}

type Transfer = { name: string; ms: number; requests: number; detail: string }

/**
 * The whole-list calls, once each at the large size: the export job (started, built by the
 * background function, then downloaded) and the import of a 10,000-row file with bad rows (its
 * preview, then the import, in chunks as the admin page sends them).
 */
async function transfers(): Promise<Transfer[]> {
  const admin = await users.findByUsername('admin')
  const auth = { Authorization: `Bearer ${await issueToken(admin!)}`, 'Content-Type': 'application/json' }
  const ctx = (params: Record<string, string> = {}) => ({ params, ip: '203.0.113.9' }) as unknown as Context
  const [start, file, importFn] = await Promise.all(
    ['admin-subscriber-exports', 'admin-subscriber-export-file', 'admin-subscribers-import'].map(fn),
  )
  const out: Transfer[] = []
  const timed = async <T>(work: () => Promise<T>) => {
    const before = blobRequests
    const started = performance.now()
    const value = await work()
    return { value, ms: performance.now() - started, requests: blobRequests - before }
  }

  console.error('export: building the file…')
  const job = await timed(async () => {
    const answer = await start!(
      new Request('https://bench.example/api/admin/subscribers/exports', { method: 'POST', headers: auth }),
      ctx(),
    )
    return ((await answer.json()) as { export: { id: string } }).export.id
  })
  const download = await timed(async () => {
    const answer = await file!(
      new Request(`https://bench.example/api/admin/subscribers/exports/${job.value}/file`, { headers: auth }),
      ctx({ id: job.value }),
    )
    return answer.text()
  })
  const lines = download.value.split('\r\n').length - 2
  out.push({
    name: `Export: POST /api/admin/subscribers/exports and the background build`,
    ms: job.ms,
    requests: job.requests,
    detail: `${lines} rows, ${(Buffer.byteLength(download.value) / 1e6).toFixed(2)} MB`,
  })
  out.push({ name: 'Export: GET …/exports/{id}/file (streamed)', ms: download.ms, requests: download.requests, detail: '' })

  // 10,000 rows: 9,000 new, 500 already subscribed, 250 repeats of earlier rows, 250 not addresses.
  const rows = ['email,name']
  for (let i = 0; i < 10_000; i++) {
    if (i % 40 === 39) rows.push(`not an address ${i},Bad`)
    else if (i % 40 === 38) rows.push(`imported${i - 38}@example.com,Again`)
    else if (i % 20 === 17) rows.push(`person${i}@example.com,Existing`)
    else rows.push(`imported${i}@example.com,"Reader, ${i}"`)
  }
  const plan = planImport(parseCsv(rows.join('\r\n')))
  if ('error' in plan) throw new Error(plan.error)
  const sent = plan.rows.filter((row) => !row.reason?.startsWith('same address')).map(({ row, email }) => ({ row, email }))
  const chunks = async (dryRun: boolean) => {
    const summary = { added: 0, exists: 0, refused: 0 }
    for (let i = 0; i < sent.length; i += IMPORT_CHUNK_ROWS) {
      const body = JSON.stringify({ importId: 'bench-import', consent: !dryRun, dryRun, rows: sent.slice(i, i + IMPORT_CHUNK_ROWS) })
      const answer = await importFn!(
        new Request('https://bench.example/api/admin/subscribers/import', { method: 'POST', headers: auth, body }),
        ctx(),
      )
      if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${await answer.text()}`)
      const part = ((await answer.json()) as { summary: typeof summary }).summary
      for (const key of Object.keys(summary) as (keyof typeof summary)[]) summary[key] += part[key]
    }
    return summary
  }
  const describeCounts = (c: { added: number; exists: number; refused: number }, verb: string) =>
    `${c.added} ${verb}, ${c.exists} already subscribed, ${c.refused} refused, ${plan.counts.duplicates} repeats in the file`
  const preview = await timed(() => chunks(true))
  out.push({
    name: 'Import preview of 10,000 rows (dry run, 10 requests)',
    ms: preview.ms,
    requests: preview.requests,
    detail: describeCounts(preview.value, 'to add'),
  })
  const imported = await timed(() => chunks(false))
  out.push({
    name: 'Import of 10,000 rows (10 requests)',
    ms: imported.ms,
    requests: imported.requests,
    detail: describeCounts(imported.value, 'added'),
  })
  return out
}

const measured: Record<string, { seedMs: number; results: Map<string, Result> }> = {}
let transferRows: Transfer[] = []
for (const [label, size] of Object.entries(SIZES)) {
  await withServer(async () => {
    console.error(`seeding ${label}: ${JSON.stringify(size)}…`)
    const seedMs = await seed(size)
    console.error(`seeded in ${(seedMs / 1000).toFixed(1)} s; measuring ${RUNS} runs per call…`)
    measured[label] = { seedMs, results: await measure() }
    if (label === 'large') transferRows = await transfers()
  })
}

const small = measured.small!.results
const large = measured.large!.results
const fmt = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString())
const rows = [...small.keys()].map((name) => {
  const s = small.get(name)!
  const l = large.get(name)!
  return `| ${name} | ${fmt(s.reads)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(l.reads)} | ${fmt(l.p50)} | ${fmt(l.p95)} |`
})
const L = SIZES.large
const table = [
  `| call | Blobs requests @10 | p50 ms @10 | p95 ms @10 | Blobs requests @large | p50 ms @large | p95 ms @large |`,
  `| --- | --- | --- | --- | --- | --- | --- |`,
  ...rows,
].join('\n')

/** Blobs requests per call at the large size, as measured (the text below names them, not guesses). */
const at = (name: string) => fmt(large.get(name)!.reads)
// A subscribers page reads the records on it: fewer while the list (or the search) has less than a
// page, never more than the session (2), one list page and a full page of records.
const PAGE_BOUND = 2 + 1 + SUBSCRIBERS_PAGE_SIZE
const isSubscribersPage = (name: string) => name.startsWith('GET /api/subscribers')
const grew = [...small.keys()].filter((name) =>
  isSubscribersPage(name) ? large.get(name)!.reads > PAGE_BOUND : large.get(name)!.reads !== small.get(name)!.reads,
)
const why = [
  '## Why the counts are flat',
  '',
  grew.length === 0
    ? `Every call made the same number of Blobs requests at the large size as at 10, except the subscribers pages, which read the records on the page and so stay within ${PAGE_BOUND} once a page is full:`
    : `**Calls whose Blobs requests grew with the size: ${grew.join(', ')}.** The others:`,
  '',
  `- **GET /api/blog-posts: ${at('GET /api/blog-posts')}**, whatever the number of posts. Every post's summary lives in one index document (netlify/lib/data/posts.ts), so the list, the feed (GET /rss.xml: ${at('GET /rss.xml')}, the index and the content document for the site's name), the sitemap (${at('GET /sitemap.xml')}) and the admin list are one read of it. One post (\`?slug=\`) is the index and that post's body: ${at('GET /api/blog-posts?slug=')}.`,
  `- **GET /api/resources: ${at('GET /api/resources')}**: every resource is in one document (netlify/lib/data/resources.ts). GET /api/content is one document too: ${at('GET /api/content')}.`,
  `- **POST /api/subscribers: ${at('POST /api/subscribers')}**, never a read of the list: the rate limit is a create-only write of this attempt and a list of this address's recent attempts (its own key prefix in rate-limits), the subscriber is one create-only write keyed by the normalised email and a read of it back, the same requests whatever the address's state (netlify/lib/data/subscribers.ts, \`createOrRead\`), and the confirmation email, sent after the answer, is one write to the outbox (no SendGrid key in the bench). A download is a read of the resources document and one create-only write of a download event: ${at('POST /api/resources/{id}/download')}.`,
  `- **Admin calls** start with 2 reads for the session (the revoked-token key and the users document). GET /api/subscribers reads one page: a list by key prefix that stops once it has the page's 51 keys (one list page: the service pages 1,000 keys at a time), then the ${SUBSCRIBERS_PAGE_SIZE} records: ${at('GET /api/subscribers (page 1)')} for page 1 and ${at('GET /api/subscribers (search)')} for a search, which is the same list under the prefix of the hex-encoded address (at 10 subscribers the search matches none, so it reads no records). GET /api/admin/resources adds one list of the download events not yet folded into the counts (the scheduled fold keeps them few): ${at('GET /api/admin/resources')}. GET /api/admin/stats reads the users, content, posts and resources documents: ${at('GET /api/admin/stats')}.`,
  '',
  `The latencies at ${L.subscribers} subscribers include the local server's own cost: it keeps no index, so each list() page reads every file name in the store's directory: a subscribers page costs it a directory read of ${L.subscribers} names (the time grows with the count there; the number of requests does not). As patched (patches/README.md), the local server pages list() at 1,000 blobs with a cursor, as the service does; before, it answered all ${L.subscribers} keys in one response and looked up every file, which took longer than the 4 s storage deadline, so the subscribers list answered 503.`,
].join('\n')

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, local @netlify/blobs server (patched, see patches/README.md)`
const report = [
  '# Benchmark: cost per call as the data grows',
  '',
  `Run ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` on ${machine}.`,
  `Sizes: @10 = 10 posts, 10 resources, 10 subscribers; @large = ${L.posts} posts, ${L.resources} resources, ${L.subscribers} subscribers. ${RUNS} runs per call.`,
  `"Blobs requests" counts every request the handler made to the Blobs server (reads, writes, lists) per call.`,
  '',
  table,
  '',
  why,
  '',
  `## The whole list in and out (at ${L.subscribers} subscribers, once each)`,
  '',
  'An export reads every record, so it runs as a background function (up to 15 minutes) rather than inside one request (10 s, 26 s at most); the page follows its progress and downloads the file when it is ready. An import arrives in chunks of 1,000 rows, each one request: one create-only write per new address, a read of the existing record for each address already there.',
  '',
  '| what | time | Blobs requests | result |',
  '| --- | --- | --- | --- |',
  ...transferRows.map((row) => `| ${row.name} | ${(row.ms / 1000).toFixed(1)} s | ${row.requests} | ${row.detail} |`),
  '',
  `The export's requests are the session, the rate limit, one list request per 1,000 keys, one read per subscriber and the job's progress writes (every 2,000 records); against the local server each list page reads the whole directory, which is most of the listing's time. A request of the import reads at most ${IMPORT_CHUNK_ROWS} records and writes at most ${IMPORT_CHUNK_ROWS}, 50 at a time, whatever the list's size.`,
  '',
  `Seeding took ${(measured.small!.seedMs / 1000).toFixed(1)} s and ${(measured.large!.seedMs / 1000).toFixed(1)} s.`,
  '',
].join('\n')
console.log(report)
// The newsletter send's section is written by npm run bench:newsletter: kept as it is.
const previous = existsSync('docs/bench.md') ? readFileSync('docs/bench.md', 'utf8') : ''
const newsletterSection = previous.includes('## Newsletter send') ? `\n${previous.slice(previous.indexOf('## Newsletter send'))}` : ''
if (!process.env.BENCH_NO_WRITE) writeFileSync('docs/bench.md', report + newsletterSection)
