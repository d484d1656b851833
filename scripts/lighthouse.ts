/**
 * npm run lighthouse: Lighthouse (mobile, default simulated throttling) on every public page of
 * the production build, in Debian's chromium. Prints the four scores per page and writes a summary
 * to docs/lighthouse.json.
 *   LH_BASE_URL=http://localhost:8899   use a server that is already running (with demo content)
 *   LH_PAGES=/,/about                    measure only these paths (docs/ is left as it is)
 *   LH_SAVE=1                            also keep each full report in .tmp/lighthouse/ (to dig in)
 *   LH_RUNS=5                            runs per page (default 5); the median run is reported
 * Without it, the script builds and serves the site as the browser tests do (scripts/test-servers.ts),
 * with the demo content.
 *
 * Each page is measured LH_RUNS times and the run with the median performance score stands for
 * it, as Lighthouse CI does: on this 2-core machine the server answers the page's calls in the
 * same box, and Total Blocking Time moves by tens of ms from one run to the next. Every run's
 * score is kept beside it (`runs`), so the spread stays visible. One run per page before those is
 * not counted: it wakes the page's functions, whose cold start would otherwise compete with the
 * browser for this box's two cores (on Netlify they run elsewhere).
 *
 * Netlify's CDN compresses text responses (brotli or gzip); `netlify serve` sends them raw, which
 * would triple the JavaScript bytes Lighthouse sees. So pages are measured through a small proxy
 * that compresses as the CDN does; nothing else about the responses changes.
 *
 * The home page is rendered on request with the coach's texts (netlify/lib/pages/data-page.ts);
 * until then it was a static file with the built-in texts. Its largest paint is measured beside
 * a static copy of that file, made here as the build made it (the built template with the page
 * drawn in, no texts, no data block) and served as a file of dist/ (lighthouse-static-home.html,
 * removed afterwards). The proxy answers `/?static-copy` with it, so the browser's address, and
 * the page the app hydrates, is `/` for both. The two are measured turn about, LH_RUNS times each,
 * and `homeLcp` in docs/lighthouse.json gives both medians and their ratio. Locally the function
 * renders on every visit, where the CDN would answer from its copy: the ratio is the worst case.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createServer } from 'node:http'
import { brotliCompressSync, constants } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Result } from 'lighthouse'
import { DEFAULT_AVAILABILITY } from '#domain/availability.ts'
import { bookNowPath, postPath, PUBLIC_PAGES } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { PAGE_TEMPLATES } from '#lib/built-pages.ts'
import { startTestServers } from './test-servers'

const PORT = Number(process.env.LH_PORT ?? 8877)
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 5))
let base = process.env.LH_BASE_URL
let stopServer: (() => Promise<void>) | undefined

if (!base) {
  base = `http://localhost:${PORT}`
  // The production build, served as the browser tests serve it (a fresh build, its own sandbox).
  stopServer = await startTestServers(1, { firstPort: PORT, reuse: false })
  await fetch(`${base}/api/dev/seed`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reset: true }),
  })
}

/** The home page as the build wrote it before it was rendered on request: built-in texts, no data block. */
const STATIC_HOME_FILE = 'lighthouse-static-home.html'
const STATIC_HOME = '/?static-copy'
async function writeStaticHome(): Promise<void> {
  // Imported only now: the renderer loads the server build (.tmp/ssr), which the start above has
  // just rebuilt. Imported at the top, it would be the previous build, whose chunks are gone.
  const { PAGE_TEMPLATE_OUTLET } = await import('#lib/pages/render.ts')
  const { render } = (await import(pathToFileURL(join('.tmp/ssr', 'entry-server.js')).href)) as { render: (url: string) => Promise<string> }
  const template = readFileSync(join('dist', PAGE_TEMPLATES.home), 'utf8')
  const html = await render('/')
  const page = template.replace(`<div id="root">${PAGE_TEMPLATE_OUTLET}</div>`, () => `<div id="root">${html}</div>`)
  if (page === template) throw new Error(`dist/${PAGE_TEMPLATES.home} has no outlet to draw the page into`)
  writeFileSync(join('dist', STATIC_HOME_FILE), page)
}

const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|xml|rss\+xml)|image\/svg)/

/**
 * Forwards to `target`, compressing text responses with brotli like Netlify's CDN. Hashed assets
 * are compressed once and kept, as a CDN keeps them; compression time must not count as download.
 */
const compressed = new Map<string, Buffer>()
async function compressingProxy(target: string): Promise<string> {
  const proxy = createServer(async (req, res) => {
    const path = req.url === STATIC_HOME ? `/${STATIC_HOME_FILE}` : (req.url ?? '/')
    const upstream = await fetch(target + path, {
      method: req.method,
      headers: { accept: req.headers.accept ?? '*/*' },
      redirect: 'manual',
    }).catch((error: unknown) => error as Error)
    // The server gone (stopped, or out of memory): a failed page, not a crash that leaves the copy in dist/.
    if (upstream instanceof Error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(upstream.message)
      return
    }
    const body = Buffer.from(await upstream.arrayBuffer())
    const headers = Object.fromEntries(upstream.headers)
    delete headers['content-length']
    delete headers['content-encoding']
    delete headers['transfer-encoding']
    const compress = COMPRESSIBLE.test(headers['content-type'] ?? '') && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))
    const cacheKey = req.url?.startsWith('/assets/') ? req.url : undefined
    const brotli = () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    const out = compress ? (cacheKey ? (compressed.get(cacheKey) ?? compressed.set(cacheKey, brotli()).get(cacheKey)!) : brotli()) : body
    res.writeHead(upstream.status, {
      ...headers,
      ...(compress ? { 'content-encoding': 'br', vary: 'Accept-Encoding' } : {}),
      'content-length': out.length,
    })
    res.end(out)
  })
  await new Promise<void>((resolve) => proxy.listen(0, resolve))
  const address = proxy.address()
  proxyServer = proxy
  return `http://localhost:${typeof address === 'object' && address ? address.port : 0}`
}
let proxyServer: ReturnType<typeof createServer> | undefined

const posts = (await (await fetch(`${base}${ENDPOINTS.blogPosts.path}`)).json()) as { blogPosts: { slug: string }[] }
// Every page a visitor lands on (domain/route-map.ts), a post standing for the post page; not the
// 404 page, nor those drawn in the browser only.
const firstPost = postPath(posts.blogPosts[0]?.slug ?? 'missing')
const pages = process.env.LH_PAGES
  ? process.env.LH_PAGES.split(',')
  : [
      ...PUBLIC_PAGES.filter((page) => page.rendering !== 'browser' && !page.catchAll).map((page) =>
        page.id === 'blogPost' ? firstPost : page.path,
      ),
      // Book Now as a visitor lands on it from a service's link: the calendar of free times open.
      bookNowPath(DEFAULT_AVAILABILITY.services[0]!.name),
    ]

await writeStaticHome()
const measured = await compressingProxy(base)
// Warm the proxy's cache with every asset, as a CDN edge would have them.
for (const path of pages) {
  const html = await (await fetch(measured + path, { headers: { 'accept-encoding': 'br' } })).text()
  for (const [, asset] of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g))
    await fetch(measured + asset, { headers: { 'accept-encoding': 'br' } })
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const summary: Record<string, Record<string, number | string>> = {}
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!
let homeLcp: Record<string, number | string | number[]> | undefined
try {
  for (const path of pages) {
    const runs: Result[] = []
    await lighthouse(measured + path, { port: chrome.port, output: 'json', logLevel: 'error' })
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(measured + path, { port: chrome.port, output: 'json', logLevel: 'error' })
      runs.push(result!.lhr)
      if (process.env.LH_SAVE) {
        mkdirSync('.tmp/lighthouse', { recursive: true })
        writeFileSync(`.tmp/lighthouse/${path.replace(/\W+/g, '_') || 'home'}-run${run + 1}.json`, JSON.stringify(result!.lhr))
      }
    }
    const performance = (r: Result) => r.categories.performance?.score ?? 0
    runs.sort((a, b) => performance(a) - performance(b))
    const lhr = runs[Math.floor(runs.length / 2)]!
    if (process.env.LH_SAVE) {
      mkdirSync('.tmp/lighthouse', { recursive: true })
      writeFileSync(`.tmp/lighthouse/${path.replace(/\W+/g, '_') || 'home'}.json`, JSON.stringify(lhr))
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? ''
    summary[path] = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      FCP: audit('first-contentful-paint'),
      LCP: audit('largest-contentful-paint'),
      TBT: audit('total-blocking-time'),
      CLS: audit('cumulative-layout-shift'),
      runs: runs.map((r) => Math.round(performance(r) * 100)).join(' '),
    }
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode),
    )
    console.log(`${path}: ${JSON.stringify(summary[path])}`)
    for (const a of failing) console.log(`    - ${a.id} (${a.score}) ${a.displayValue ?? ''}`)
  }
  // `/` beside the static copy of it, turn about (the machine's load drifts; each side gets its share).
  if (!process.env.LH_PAGES || pages.includes('/')) {
    const lcp: Record<'rendered' | 'static', number[]> = { rendered: [], static: [] }
    const measure = async (side: keyof typeof lcp) => {
      const result = await lighthouse(measured + (side === 'static' ? STATIC_HOME : '/'), {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      lcp[side].push(Math.round(result!.lhr.audits['largest-contentful-paint']?.numericValue ?? 0))
    }
    await measure('static')
    lcp.static.length = 0
    for (let run = 0; run < RUNS; run++) {
      const order: (keyof typeof lcp)[] = run % 2 ? ['rendered', 'static'] : ['static', 'rendered']
      for (const side of order) await measure(side)
    }
    const rendered = median(lcp.rendered)
    const copy = median(lcp.static)
    homeLcp = {
      renderedMs: rendered,
      staticCopyMs: copy,
      ratio: Math.round((rendered / copy) * 100) / 100,
      renderedRuns: lcp.rendered,
      staticCopyRuns: lcp.static,
    }
    console.log(`/ LCP: rendered on request ${rendered} ms, static copy ${copy} ms (x${homeLcp.ratio})`)
  }
} finally {
  rmSync(join('dist', STATIC_HOME_FILE), { force: true })
  await chrome.kill()
  proxyServer?.close()
  await stopServer?.()
}

console.table(summary)
// A run over chosen pages (LH_PAGES) does not replace the summary of every page.
if (!process.env.LH_PAGES) {
  mkdirSync('docs', { recursive: true })
  writeFileSync(
    'docs/lighthouse.json',
    JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: '13',
        formFactor: 'mobile, simulated throttling',
        pages: summary,
        // `/` (rendered on request) beside a static copy of it as the build used to write it: median LCP of each, in ms.
        homeLcp,
      },
      null,
      2,
    ) + '\n',
  )
}
const below = Object.entries(summary).filter(([, s]) => ['performance', 'accessibility', 'best-practices', 'seo'].some((k) => s[k] !== 100))
if (below.length > 0 && process.env.LH_STRICT) process.exit(1)
