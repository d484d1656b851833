import type { Context } from '@netlify/functions'
import { CONTENT_SECURITY_POLICY, devPolicy, PAGE_HEADERS } from '#build/headers.ts'
import { toSiteTexts } from '#domain/content-item.ts'
import type { InitialData } from '#domain/initial-data.ts'
import { toPublicResource } from '#domain/resource.ts'
import { blogTagPath, PAGES } from '#domain/route-map.ts'
import { StorageUnavailableError } from '#lib/storage/blobs.ts'
import { CACHE_TAGS, canonicalRedirect, keyedQuery, type CacheTag, type CdnKey } from '#lib/http/cdn.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { REVALIDATE, revalidated, SECURITY_HEADERS } from '#lib/http/route.ts'
import { builtPage, PAGE_TEMPLATES } from '#lib/built-pages.ts'
import { isPageTemplate, policyAllowingStyles, renderIntoTemplate, withDataBlock } from './render'

/**
 * The pages that show what the coach keeps in storage, rendered on request: About (her texts and
 * portrait), Resources and Blog (their lists). Prerendered at build time they could only show the
 * built-in texts and a loading state, then swap in hers once the page's code had fetched them: a
 * flash of the wrong words, a list that never appears without JavaScript, and pictures found late
 * (a phone's largest paint waited for the code and two requests). Drawn here with her texts and
 * the list, the page is whole in its HTML; the CDN keeps it until a write purges its tags.
 */
export type DataPageId = 'about' | 'resources' | 'blog'

const LISTS: Record<DataPageId, { tags: CacheTag[]; load: () => Promise<Partial<InitialData>> }> = {
  about: { tags: [CACHE_TAGS.content], load: async () => ({}) },
  resources: {
    tags: [CACHE_TAGS.content, CACHE_TAGS.resources],
    load: async () => ({ resources: (await resources.list()).filter((resource) => resource.isActive).map(toPublicResource) }),
  },
  blog: { tags: [CACHE_TAGS.content, CACHE_TAGS.posts], load: async () => ({ posts: await posts.listPublished() }) },
}

/** What the page is drawn with; also the blog's when it shows a newsletter form's answer. */
export async function dataOfPage(id: DataPageId): Promise<InitialData> {
  const [items, list] = await Promise.all([content.list(), LISTS[id].load()])
  return { path: PAGES[id].path, texts: toSiteTexts(items), ...list }
}

/**
 * The one query parameter read: the blog's topic (`?tag=`), drawn and kept by the CDN once per
 * topic; About and Resources read none, so any query string reaches their one copy.
 */
const QUERY: Record<DataPageId, readonly string[]> = { about: [], resources: [], blog: ['tag'] }

/** The page `id`, rendered for this request (each page's function is built from its contract around this). */
export async function renderDataPage(id: DataPageId, req: Request, context: Context): Promise<Response> {
  const cdn: CdnKey = { tags: LISTS[id].tags, query: QUERY[id] }
  const { values, canonical } = keyedQuery(new URL(req.url), cdn.query)
  if (canonical) return canonicalRedirect(canonical, SECURITY_HEADERS)
  const tag = values.get('tag') || null
  const location = tag ? blogTagPath(tag) : PAGES[id].path
  const headers = { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': REVALIDATE }
  const template = await builtPage(context, PAGE_TEMPLATES[id])
  let data: InitialData
  try {
    data = await dataOfPage(id)
  } catch (error) {
    // Storage down: the page as it was built (built-in texts, a loading list), kept by no
    // cache; its code then asks for the list and shows "could not load" if it still fails.
    if (!(error instanceof StorageUnavailableError)) throw error
    console.error('storage unavailable:', error.cause)
    const page = isPageTemplate(template) ? await renderIntoTemplate(template, { path: PAGES[id].path }, location) : template
    const policy = policyAllowingStyles(policyFor(context, template), page)
    const unavailable = { ...headers, 'Cache-Control': 'no-store', 'Retry-After': '5', 'Content-Security-Policy': policy }
    return new Response(page, { status: 503, headers: unavailable })
  }
  // A topic no published post has: a 404, kept by no cache, so made-up topics cost no copy
  // each. The page is the blog's with its empty state ("No posts tagged …", only for text that
  // could be a tag), which the page's code hydrates as it is.
  const known = !tag || Boolean(data.posts?.some((post) => post.tags.includes(tag)))
  const status = known ? 200 : 404
  // Vite's dev server page, under netlify dev: the page's code draws it from the data block.
  if (!isPageTemplate(template)) {
    const page = withDataBlock(template, data)
    const devHeaders = { ...headers, 'Content-Security-Policy': policyFor(context, template) }
    return known
      ? revalidated(req, page, devHeaders, cdn)
      : new Response(page, { status, headers: { ...devHeaders, 'Cache-Control': 'no-store' } })
  }
  const page = await renderIntoTemplate(template, data, location)
  const policy = policyAllowingStyles(CONTENT_SECURITY_POLICY, page)
  if (!known) return new Response(page, { status, headers: { ...headers, 'Cache-Control': 'no-store', 'Content-Security-Policy': policy } })
  return revalidated(req, page, { ...headers, 'Content-Security-Policy': policy }, cdn)
}

function policyFor(context: Context, template: string): string {
  return !isPageTemplate(template) && runtimeOf(context).local ? devPolicy(CONTENT_SECURITY_POLICY) : CONTENT_SECURITY_POLICY
}
