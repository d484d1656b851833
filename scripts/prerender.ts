/**
 * Runs after the client and server builds: writes each public page as a template into dist/ (the
 * page's own CSS, its code started after paint, its head tags, and an outlet in its root), which
 * the page's function renders into on request with the coach's texts and lists (home-shell.html,
 * about-shell.html, …, not-found-shell.html; netlify/lib/pages/data-page.ts), and
 * dist/post-shell.html, the page a post is rendered into. dist/shell.html keeps the unrendered
 * page for routes rendered in the browser. A page no function renders would be written whole, as
 * its static file (none is today).
 *
 * The CSS of a prerendered page is inlined (about 4 KB compressed): a phone then paints after
 * one round trip instead of two. The policy in dist/_headers allows exactly those style blocks
 * by their hashes; everything else about style-src stays 'self'.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PAGE_TEMPLATES, type PageTemplate } from '#lib/built-pages.ts'
import { PAGE_TEMPLATE_OUTLET } from '#lib/pages/render.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'
import {
  isPrerendered,
  PAGE_HEADS,
  type PrerenderedPageId,
  PAGES,
  pageModuleFile,
  prerenderedFile,
  PUBLIC_PAGES,
  type PageId,
  type PublicPage,
} from '#domain/route-map.ts'
import { withHead } from '#lib/pages/seo.ts'

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }

const DIST = 'dist'
const SITE_URL = (process.env.URL ?? 'http://localhost:8888').replace(/\/$/, '')

const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
// The client build's index.html is the unrendered page; keep it as shell.html (once, so a rerun
// does not take an already prerendered index.html for the shell).
const shellPath = join(DIST, 'shell.html')
if (!existsSync(shellPath)) copyFileSync(join(DIST, 'index.html'), shellPath)
// The home page is its function's: Vite's unrendered index.html would otherwise answer at /index.html.
rmSync(join(DIST, 'index.html'), { force: true })
// src/main.tsx loads React DOM with a dynamic import, so that it evaluates in a task of its own;
// every page needs it at once, so every page starts fetching it at once.
// The key is the module's real path: with node_modules linked from another checkout it starts with
// that checkout's folder, so the key is matched by its end.
const renderer = Object.entries(manifest).find(([key]) => key.endsWith('node_modules/react-dom/client.js'))?.[1]
if (!renderer) throw new Error('prerender: no chunk for react-dom/client in the manifest')
const RENDERER = `/${renderer.file}`
const rendererLink = `<link rel="modulepreload" crossorigin href="${RENDERER}">`
let shell = readFileSync(shellPath, 'utf8')
if (!shell.includes(rendererLink)) {
  shell = shell.replace('</head>', `  ${rendererLink}\n  </head>`)
  writeFileSync(shellPath, shell)
}

const styleHashes = new Set<string>()

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

// The pages rendered on request into an empty copy of themselves (netlify/lib/pages/data-page.ts),
// with the coach's texts and lists; the booking and newsletter forms' answers use them too
// (netlify/lib/forms/answer.ts).
const TEMPLATES: Partial<Record<PageId, PageTemplate>> = {
  home: PAGE_TEMPLATES.home,
  services: PAGE_TEMPLATES.services,
  bookNow: PAGE_TEMPLATES.bookNow,
  blog: PAGE_TEMPLATES.blog,
  about: PAGE_TEMPLATES.about,
  resources: PAGE_TEMPLATES.resources,
  notFound: PAGE_TEMPLATES.notFound,
}

// Pages with a function at their own path, and the 404 page, which the function behind
// netlify.toml's last rewrite draws for any other address.
const RENDERED_ON_REQUEST = new Set<string>(
  Object.values(ENDPOINTS).flatMap((endpoint) =>
    endpoint.served === 'config' && PUBLIC_PAGES.some((page) => page.path === endpoint.path) ? [endpoint.path] : [],
  ),
)
const renderedOnRequest = (page: PublicPage) => RENDERED_ON_REQUEST.has(page.path) || page.catchAll === true

// Every prerendered page of the route map (domain/route-map.ts), with the source module that draws
// it, to find the CSS and code it needs at first paint.
for (const page of PUBLIC_PAGES.filter(isPrerendered)) {
  const meta = {
    ...PAGE_HEADS[page.id as PrerenderedPageId],
    url: `${SITE_URL}${page.path === '/' ? '/' : page.path}`,
    type: 'website' as const,
    image: `${SITE_URL}/og-image.jpg`,
  }
  // A page a function renders on request is served by it alone: a static copy would answer at
  // its file's own address (/about/index.html) with the texts of build time, forever.
  if (!renderedOnRequest(page)) {
    const html = await render(page.catchAll ? '/this-page-does-not-exist' : page.path)
    write(prerenderedFile(page), withHead(pageDocument(html, pageModuleFile(page)), meta))
  }
  const template = TEMPLATES[page.id]
  if (template) write(template, withHead(pageDocument(PAGE_TEMPLATE_OUTLET, pageModuleFile(page)), meta))
}

// A post page is rendered on request by netlify/functions/blog-page.ts, into this page: the
// post page's CSS inlined and its code started after paint, like the pages above.
write(PAGE_TEMPLATES.post, pageDocument(PAGE_TEMPLATE_OUTLET, pageModuleFile(PAGES.blogPost)))
allowInlineStyles()

/** The shell with a page's HTML in its root, its CSS inlined and its code started after paint. */
function pageDocument(html: string, module: string): string {
  const { css, js } = assetsOf(module)
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
  return startCodeAfterPaint(inlineStyles(body))
}

function write(file: string, html: string) {
  const out = join(DIST, file)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, html)
  console.log(`prerendered ${file} (${(html.length / 1024).toFixed(1)} KB)`)
}

/**
 * Replaces the page's stylesheet links with one style block. Each link stays, disabled (not
 * fetched, no rules): Vite checks for it before it loads a route's CSS, so the page's own CSS is
 * not fetched again when its code arrives.
 */
function inlineStyles(html: string): string {
  const sheets: string[] = []
  const withoutLinks = html.replace(
    /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[\w.-]+\.css)" ?\/?>/g,
    (_tag, _crossorigin, href: string) => {
      sheets.push(readFileSync(join(DIST, href), 'utf8').replace(/\/\*# sourceMappingURL=.*?\*\//, ''))
      return `<link rel="stylesheet" href="${href}" disabled />`
    },
  )
  const css = sheets.join('\n')
  styleHashes.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`)
  return withoutLinks.replace('</head>', `  <style>${css}</style>\n  </head>`)
}

/**
 * A prerendered page paints and reads without its code, so the code should not compete with what
 * paints (the document, fonts, images) for a phone's bandwidth. The page's module scripts and
 * preloads give way to one tiny script that, right after the first paint, fetches them all at
 * once and then evaluates them one by one, dependencies first, each in a task of its own (for
 * Total Blocking Time: evaluated together, as one module graph, they make one long task).
 * Browser tests wait for the app's `data-ready` mark before they click.
 */
function startCodeAfterPaint(html: string): string {
  const scripts: string[] = []
  const withoutScripts = html
    .replace(/<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/g, (_tag, src: string) => {
      scripts.push(src)
      return ''
    })
    .replace(/<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[\w.-]+\.js)" ?\/?>\s*/g, (_tag, href: string) => {
      scripts.push(href)
      return ''
    })
  if (scripts.length === 0) throw new Error('prerender: no module script found to start after paint')
  const code = [
    '// Starts the page code after its first paint (scripts/prerender.ts).',
    `const modules = ${JSON.stringify(dependenciesFirst(scripts))}`,
    'const nextTask = () => new Promise((resolve) => setTimeout(resolve))',
    // The page's main picture (fetchpriority=high: the first card, the portrait, a post's image)
    // is what a phone paints last; the code waits for it (3 s at most) rather than share the line.
    "const picture = document.querySelector('img[fetchpriority=high]')",
    'const pictureDone = !picture || picture.complete ? Promise.resolve() : new Promise((resolve) => {',
    "  picture.addEventListener('load', resolve, { once: true })",
    "  picture.addEventListener('error', resolve, { once: true })",
    '  setTimeout(resolve, 3000)',
    '})',
    'requestAnimationFrame(async () => {',
    '  await pictureDone',
    '  for (const url of modules) {',
    "    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: url })",
    '    document.head.append(link)',
    '  }',
    '  try {',
    '    for (const url of modules) {',
    '      await nextTask()',
    '      await import(url)',
    '    }',
    '  } catch (error) {',
    '    console.error(error)',
    '  }',
    '})',
    '',
  ].join('\n')
  const file = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`
  writeFileSync(join(DIST, file), code)
  return withoutScripts.replace('</head>', `  <script type="module" src="/${file}"></script>\n  </head>`)
}

/** The scripts ordered so that each comes after the chunks it imports (the build's manifest). */
function dependenciesFirst(scripts: string[]): string[] {
  const importsOf = new Map(
    Object.values(manifest).map((chunk) => [`/${chunk.file}`, (chunk.imports ?? []).map((key) => `/${manifest[key]!.file}`)]),
  )
  const ordered: string[] = []
  const seen = new Set<string>()
  const visit = (url: string) => {
    if (seen.has(url)) return
    seen.add(url)
    for (const dependency of importsOf.get(url) ?? []) if (scripts.includes(dependency)) visit(dependency)
    ordered.push(url)
  }
  // React DOM first: the app's entry asks for it as soon as it runs.
  const rendererFirst = [...scripts].sort((a, b) => Number(b === RENDERER) - Number(a === RENDERER))
  rendererFirst.forEach(visit)
  return ordered
}

function allowInlineStyles() {
  const headersPath = join(DIST, '_headers')
  const headers = readFileSync(headersPath, 'utf8')
  if (!headers.includes("style-src 'self';")) throw new Error('dist/_headers: no "style-src \'self\';" to extend')
  writeFileSync(headersPath, headers.replace("style-src 'self';", `style-src 'self' ${[...styleHashes].join(' ')};`))
}
