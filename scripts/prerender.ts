/**
 * Runs after the client and server builds: writes each static page's HTML into dist/ (issue 5:
 * first paint and text need no JavaScript), with the page's own CSS, a preload of its code and
 * its head tags. dist/shell.html keeps the unrendered page for routes rendered in the browser.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { withHead } from '../netlify/lib/seo'
import { STATIC_PAGES } from '../src/app/page-meta'

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }

const DIST = 'dist'
const SITE_URL = (process.env.URL ?? 'http://localhost:8888').replace(/\/$/, '')
// Which source module draws each path, to find the CSS and code it needs at first paint.
const PAGE_MODULES: Record<string, string> = {
  '/': 'src/pages/home.tsx',
  '/about': 'src/pages/about.tsx',
  '/services': 'src/pages/services.tsx',
  '/book-now': 'src/pages/book-now.tsx',
  '/resources': 'src/pages/resources.tsx',
  '/blog': 'src/pages/blog.tsx',
  '/404': 'src/pages/not-found.tsx',
}

const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
// The client build's index.html is the unrendered page; keep it as shell.html (once, so a rerun
// does not take an already prerendered index.html for the shell).
const shellPath = join(DIST, 'shell.html')
if (!existsSync(shellPath)) copyFileSync(join(DIST, 'index.html'), shellPath)
const shell = readFileSync(shellPath, 'utf8')

const { render } = (await import(pathToFileURL(join('.tmp/ssr', 'entry-server.js')).href)) as { render: (url: string) => Promise<string> }

/** The CSS files and JS chunks a module needs, following its static imports. */
function assetsOf(key: string, seen = new Set<string>()): { css: Set<string>; js: Set<string> } {
  const css = new Set<string>()
  const js = new Set<string>()
  const visit = (k: string) => {
    if (seen.has(k)) return
    seen.add(k)
    const chunk = manifest[k]
    if (!chunk) return
    if (!chunk.isEntry) js.add(chunk.file)
    chunk.css?.forEach((file) => css.add(file))
    chunk.imports?.forEach(visit)
  }
  visit(key)
  return { css, js }
}

for (const page of STATIC_PAGES) {
  const html = await render(page.path === '/404' ? '/this-page-does-not-exist' : page.path)
  const { css, js } = assetsOf(PAGE_MODULES[page.path]!)
  // The shell already links the entry's own CSS and shared chunks.
  for (const file of [...css, ...js]) {
    if (shell.includes(`/${file}`)) {
      css.delete(file)
      js.delete(file)
    }
  }
  const links = [
    ...[...css].map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...[...js].map((file) => `<link rel="modulepreload" href="/${file}" />`),
  ]
  const body = shell
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`)
    .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
  const withMeta = withHead(body, {
    title: page.title,
    description: page.description,
    url: `${SITE_URL}${page.path === '/' ? '/' : page.path}`,
    type: 'website',
    image: `${SITE_URL}/og-image.jpg`,
  })
  const out = join(DIST, page.file)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, withMeta)
  console.log(`prerendered ${page.path} -> ${out} (${(withMeta.length / 1024).toFixed(1)} KB)`)
}
