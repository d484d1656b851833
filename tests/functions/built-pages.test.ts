import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { zipFunction } from '@netlify/zip-it-and-ship-it'
import { build } from 'esbuild'
import { parse } from 'smol-toml'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The functions that answer with a page read it from the files shipped with them
 * (netlify/lib/built-pages.ts), never over HTTP. Two things must hold on Netlify, where no test of
 * ours runs: netlify.toml ships the built pages with every function that reads them, and the
 * bundle lays them out where the code looks (BUILT_PAGES_FROM_CODE). The first is read from each
 * function's imports; the second is seen by bundling a small function with Netlify's own bundler
 * (zip-it-and-ship-it, as a deploy and netlify serve do) and running what it made.
 */

const root = fileURLToPath(new URL('../../', import.meta.url))
const BUILT_PAGES_MODULE = 'netlify/lib/built-pages.ts'

type FunctionsConfig = Record<string, { included_files?: string[] } | string>
const toml = parse(readFileSync(path.join(root, 'netlify.toml'), 'utf8')) as { functions?: FunctionsConfig }
const includedFiles = (name: string) => {
  const entry = toml.functions?.[name]
  return typeof entry === 'object' ? entry.included_files : undefined
}
const SHIPPED = ['dist/*shell.html']

describe('netlify.toml ships the built pages with each function that reads them', () => {
  it('every function that imports built-pages.ts has them, and no other', async () => {
    const dir = path.join(root, 'netlify/functions')
    const entries = readdirSync(dir).filter((file) => file.endsWith('.ts'))
    const result = await build({
      entryPoints: entries.map((file) => path.join(dir, file)),
      bundle: true,
      write: false,
      metafile: true,
      outdir: path.join(tmpdir(), 'unused'),
      platform: 'node',
      format: 'esm',
      packages: 'external',
      external: ['#app-renderer'],
      logLevel: 'silent',
    })
    const readers = Object.values(result.metafile.outputs)
      .filter((output) => output.entryPoint && Object.keys(output.inputs).some((input) => input.endsWith(BUILT_PAGES_MODULE)))
      .map((output) => path.basename(output.entryPoint!, '.ts'))
      .toSorted()
    expect(readers).toEqual([
      'about-page',
      'blog-list-page',
      'blog-page',
      'book-now-page',
      'home-page',
      'not-found-page',
      'resources-page',
      'send-booking-email',
      'services-page',
      'subscribers',
    ])
    for (const name of entries.map((file) => file.replace(/\.ts$/, ''))) {
      expect(includedFiles(name), name).toEqual(readers.includes(name) ? SHIPPED : undefined)
    }
  })
})

describe("a function's bundle finds the pages shipped with it", () => {
  const base = mkdtempSync(path.join(tmpdir(), 'built-pages-'))
  afterAll(() => rmSync(base, { recursive: true, force: true }))

  // A function as the site writes them, reading a built page as the page functions do.
  const probe = `import { builtPage } from ${JSON.stringify(pathToFileURL(path.join(root, BUILT_PAGES_MODULE)).pathname)}
export default async () => new Response(await builtPage({ deploy: { id: '0123456789abcdef01234567' }, server: { region: 'us-east-2' } }, 'post-shell.html'))
`
  const PAGE = '<!doctype html><title>the shipped page</title><div id="root"><!--page--></div>'

  it.each([
    ['deployed (netlify/functions)', 'netlify/functions'],
    ['in the dev context (.tmp/functions-dev, links to the functions)', '.tmp/functions-dev'],
  ])('%s', { timeout: 60_000 }, async (_name, folder) => {
    const project = mkdtempSync(path.join(base, 'project-'))
    mkdirSync(path.join(project, 'netlify/functions'), { recursive: true })
    writeFileSync(path.join(project, 'netlify/functions/probe.ts'), probe)
    mkdirSync(path.join(project, 'dist/assets'), { recursive: true })
    writeFileSync(path.join(project, 'dist/post-shell.html'), PAGE)
    // The rest of the build, which no function needs.
    writeFileSync(path.join(project, 'dist/index.html'), '<!doctype html>')
    writeFileSync(path.join(project, 'dist/assets/app.js'), 'export {}')
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ type: 'module' }))
    if (folder !== 'netlify/functions') {
      mkdirSync(path.join(project, folder), { recursive: true })
      symlinkSync(path.relative(path.join(project, folder), path.join(project, 'netlify/functions/probe.ts')), path.join(project, folder, 'probe.ts'))
    }
    const out = path.join(project, 'out')
    const made = await zipFunction(path.join(project, folder, 'probe.ts'), out, {
      archiveFormat: 'none',
      basePath: project,
      config: { probe: { nodeBundler: 'esbuild', includedFiles: includedFiles('blog-page') } },
      // The flags the CLI sets for a function of the current API (netlify-cli's zisi builder).
      featureFlags: { zisi_pure_esm: true, zisi_pure_esm_mjs: true },
    })
    expect(made?.includedFiles?.map((file) => path.relative(project, file))).toEqual(['dist/post-shell.html'])
    // Only the pages: nothing else of the build is traced into the bundle.
    const shipped = readdirSync(made!.path, { recursive: true }).map(String).filter((file) => file.includes('dist'))
    expect(shipped.toSorted()).toEqual(['dist', 'dist/post-shell.html'])
    // The page is read from the bundle's copy: the project's own is gone by then, as on Netlify.
    rmSync(path.join(project, 'dist'), { recursive: true })
    const main = path.join(made!.path, folder, 'probe.mjs')
    const handler = ((await import(pathToFileURL(main).href)) as { default: () => Promise<Response> }).default
    expect(await (await handler()).text()).toBe(PAGE)
  })
})
