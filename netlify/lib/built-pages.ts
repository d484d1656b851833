import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Context } from '@netlify/functions'
import { env, runtimeOf } from '#lib/config/env.ts'
import { HttpError } from '#lib/http/http-error.ts'

/**
 * The built pages a function renders into (pages/render.ts): each page rendered on request has an
 * empty copy of itself, written by scripts/prerender.ts.
 */
const template = <Page extends string>(page: Page) => `${page}-shell.html` as const
export const PAGE_TEMPLATES = {
  post: template('post'),
  home: template('home'),
  services: template('services'),
  bookNow: template('book-now'),
  blog: template('blog'),
  about: template('about'),
  resources: template('resources'),
  notFound: template('not-found'),
}
export type PageTemplate = (typeof PAGE_TEMPLATES)[keyof typeof PAGE_TEMPLATES]

/**
 * Where the built pages are read from: the files `npm run build` writes to dist/ and netlify.toml
 * ships with each function that renders (`included_files`). A function's bundle keeps the
 * project's layout (its code at netlify/functions/<name>.mjs, or .tmp/functions-dev/<name>.mjs in
 * the dev context, the pages at dist/), so they sit two folders up from the code, as dist/ sits
 * two folders up from this file in the source; tests/functions/built-pages.test.ts bundles a
 * function to hold both to it. (That is also why this file stays at the top of netlify/lib, not
 * in pages/ with the code that uses it.) Never fetched from the host a request names: a forged Host would
 * choose the page the site serves (and, kept per instance, serves to everyone after).
 */
export const BUILT_PAGES_FROM_CODE = '../../dist/'
// Worked out when the function runs, not when it is bundled: Netlify's file tracer follows a path
// it can work out and would ship all of dist/ (every asset of the site) with each function.
const BUILT_PAGES_DIR = fileURLToPath(new URL(String(BUILT_PAGES_FROM_CODE), import.meta.url))

/** The unrendered page: the app draws it in the browser (a missing post's "Post Not Found"). */
export const SHELL_PAGE = 'shell.html'
export type BuiltPage = PageTemplate | typeof SHELL_PAGE

type PageReader = (file: BuiltPage) => Promise<string | undefined>

const PAGE_UNAVAILABLE = 'The page is temporarily unavailable. Please try again in a moment.'

const readShipped: PageReader = (file) => readFile(join(BUILT_PAGES_DIR, file), 'utf8').catch(() => undefined)
let readBuilt: PageReader = readShipped

/** A built page, read once per function instance: it belongs to the same deploy as the function. */
const built = new Map<string, string>()

/** Tests have no build: they hand the pages in. `null` puts back the files shipped with the function. */
export function setBuiltPages(reader: PageReader | null): void {
  readBuilt = reader ?? readShipped
  built.clear()
}

/**
 * The page to render into (or, for `shell.html`, to answer as it is). Under netlify dev there is no
 * build: `npm run dev` names Vite's dev server (VITE_DEV_ORIGIN, a fixed local address), and on
 * the local runtime only, its page (which the page's code draws in the browser) is fetched from
 * there instead, fresh each time since it changes while Vite runs. A deployed function never asks
 * anyone for a page.
 */
export async function builtPage(context: Pick<Context, 'deploy' | 'server'>, file: BuiltPage): Promise<string> {
  const vite = runtimeOf(context).local ? env('VITE_DEV_ORIGIN') : undefined
  if (vite) return fetchDevPage(vite)
  const cached = built.get(file)
  if (cached !== undefined) return cached
  const page = await readBuilt(file)
  if (page === undefined) {
    console.error('built page missing:', file)
    throw new HttpError(503, PAGE_UNAVAILABLE, { 'Retry-After': '5' })
  }
  built.set(file, page)
  return page
}

/** Vite's dev page (its index.html, transformed with its client and React's refresh preamble). */
async function fetchDevPage(origin: string): Promise<string> {
  const response = await fetch(new URL('/', origin), { signal: AbortSignal.timeout(5_000) }).catch(() => null)
  if (!response?.ok) throw new HttpError(503, PAGE_UNAVAILABLE, { 'Retry-After': '5' })
  return response.text()
}
