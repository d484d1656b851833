import { readdirSync, readFileSync } from 'node:fs'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { ADMIN_PATH, FILE_ALIASES, functionPath, PUBLIC_PAGES, SCHEDULED_FUNCTIONS } from '#domain/route-map.ts'
import { ENDPOINTS } from '#domain/endpoints.ts'

/**
 * The addresses in domain/route-map.ts are the site's; two places cannot import them and keep
 * their own copy: netlify.toml (rewrites) and each function's `config.path` (Netlify reads it from
 * the source without running it, so it must stay a literal). These tests hold both to the map.
 */

type Redirect = { from: string; to: string; status?: number; force?: boolean }

const toml = parse(readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8')) as { redirects?: Redirect[] }
const redirects = toml.redirects ?? []
const endpoints = Object.values(ENDPOINTS)

const FUNCTIONS_DIR = new URL('../../netlify/functions/', import.meta.url)
const functionNames = readdirSync(FUNCTIONS_DIR)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))

async function configOf(name: string): Promise<{ path?: string | string[]; schedule?: string } | undefined> {
  const module = (await import(new URL(`${name}.ts`, FUNCTIONS_DIR).href)) as { config?: { path?: string | string[]; schedule?: string } }
  return module.config
}

describe('the route map and netlify.toml', () => {
  it.each(endpoints.filter((endpoint) => endpoint.served === 'rewrite'))('rewrites $path to its function $function', (endpoint) => {
    const rule = redirects.find((redirect) => redirect.from === endpoint.path)
    expect(rule).toMatchObject({ to: functionPath(endpoint.function), status: 200 })
  })

  it('has no rewrite the map does not explain', () => {
    const browserPages = PUBLIC_PAGES.filter((page) => page.rendering === 'browser').map((page) => page.path)
    const known = (redirect: Redirect) =>
      endpoints.some(
        (endpoint) => endpoint.served === 'rewrite' && endpoint.path === redirect.from && redirect.to === functionPath(endpoint.function),
      ) ||
      ([ADMIN_PATH, `${ADMIN_PATH}/*`, ...browserPages].includes(redirect.from) && redirect.to === '/shell.html') ||
      (Object.hasOwn(FILE_ALIASES, redirect.from) && FILE_ALIASES[redirect.from] === redirect.to && redirect.status === 200)
    expect(redirects.filter((redirect) => !known(redirect))).toEqual([])
  })

  it('serves every page drawn in the browser the unrendered page', () => {
    for (const page of PUBLIC_PAGES.filter((p) => p.rendering === 'browser'))
      expect(redirects.find((redirect) => redirect.from === page.path)).toMatchObject({ to: '/shell.html', status: 200 })
    for (const from of [ADMIN_PATH, `${ADMIN_PATH}/*`])
      expect(redirects.find((redirect) => redirect.from === from)).toMatchObject({ to: '/shell.html' })
  })

  it('sends any other /api address to the JSON 404, forced, after every other /api rewrite', () => {
    const index = redirects.findIndex((redirect) => redirect.from === ENDPOINTS.apiNotFound.path)
    expect(redirects[index]).toMatchObject({ to: functionPath(ENDPOINTS.apiNotFound.function), force: true })
    const apiRewrites = redirects.filter((redirect, i) => redirect.from.startsWith('/api/') && i !== index)
    for (const rule of apiRewrites) expect(redirects.indexOf(rule)).toBeLessThan(index)
  })
})

describe('the route map and the functions', () => {
  it('names only functions that exist, and every function with an address is in it', () => {
    const named = new Set<string>(endpoints.map((endpoint) => endpoint.function))
    for (const name of named) expect(functionNames).toContain(name)
    // The scheduled functions have no address.
    expect(functionNames.filter((name) => !named.has(name))).toEqual([...SCHEDULED_FUNCTIONS])
  })

  it.each(SCHEDULED_FUNCTIONS)('%s runs on a schedule and has no address', async (name) => {
    const config = await configOf(name)
    expect(config?.schedule).toMatch(/^\S+( \S+){4}$/)
    expect(config?.path).toBeUndefined()
  })

  it.each(endpoints)('$function declares the address the map gives it', async (endpoint) => {
    const config = await configOf(endpoint.function)
    if (endpoint.served === 'config') expect(config?.path).toBe(endpoint.path)
    // Answered at its own address (and through a rewrite, for some): a config path would take that away.
    else expect(config?.path).toBeUndefined()
  })

  it('renders the post page with the function the map names', async () => {
    const postPage = PUBLIC_PAGES.find((page) => page.rendering === 'function')
    expect((await configOf(ENDPOINTS.blogPage.function))?.path).toBe(postPage?.path)
  })
})
