import type { Context } from '@netlify/functions'
import { CONTENT_SECURITY_POLICY, devPolicy, PAGE_HEADERS } from '#build/headers.ts'
import { listedServiceTitles } from '#domain/availability.ts'
import { toSiteTexts, type SiteTexts } from '#domain/content-item.ts'
import type { TextKey } from '#domain/default-texts.ts'
import type { FormAnswer } from '#domain/form-answer.ts'
import type { InitialData } from '#domain/initial-data.ts'
import { documentTitle, PAGE_NAMES, shownText } from '#domain/page-titles.ts'
import { toPublicResource } from '#domain/resource.ts'
import { blogTagPath, bookNowPath, PAGE_HEADS, PAGES, postSlugOf, PUBLIC_PAGES } from '#domain/route-map.ts'
import { siteText } from '#domain/site-texts.ts'
import { StorageUnavailableError } from '#lib/storage/blobs.ts'
import { CACHE_TAGS, canonicalRedirect, keyedQuery, plainPathRedirect, type CacheTag, type CdnKey } from '#lib/http/cdn.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { siteUrl } from '#lib/config/site-url.ts'
import { REVALIDATE, revalidated, SECURITY_HEADERS } from '#lib/http/route.ts'
import { builtPage, PAGE_TEMPLATES } from '#lib/built-pages.ts'
import { publicOffer } from '#lib/booking/offer.ts'
import type { AnswerPage } from '#lib/forms/answer.ts'
import { withHead, type PageMeta } from './seo'
import { isPageTemplate, policyAllowingStyles, renderIntoTemplate, withDataBlock } from './render'

/**
 * The public pages, rendered on request with what the coach keeps in storage: every one shows her
 * texts (her site name in the header and footer at least), About and Home her portrait, Resources
 * and Blog their lists. Prerendered at build time they could only show the built-in texts and a
 * loading state, then swap in hers once the page's code had fetched them: the wrong words for a
 * moment (for good to a crawler, a link preview or a reader without JavaScript), a list that
 * never appears without JavaScript, and pictures found late (a phone's largest paint waited for
 * the code and two requests). Drawn here with her texts and the list, the page is whole in its
 * HTML, its head names it with her words, and its data block gives the page's code the same texts,
 * so nothing is swapped; the CDN keeps it until a write purges its tags. The 404 page is drawn the
 * same way for any address nothing else answers, but kept by no cache (below).
 */
export type DataPageId = 'home' | 'about' | 'services' | 'resources' | 'blog' | 'bookNow' | 'notFound'

const TEXTS_ONLY = { tags: [CACHE_TAGS.content], load: async () => ({}) }
const LISTS: Record<DataPageId, { tags: CacheTag[]; load: () => Promise<Partial<InitialData>> }> = {
  home: TEXTS_ONLY,
  about: TEXTS_ONLY,
  services: TEXTS_ONLY,
  // The services booked online: a link that names one draws its time step with the page.
  bookNow: { tags: [CACHE_TAGS.content, CACHE_TAGS.availability], load: async () => ({ bookingOffer: await publicOffer() }) },
  notFound: TEXTS_ONLY,
  resources: {
    tags: [CACHE_TAGS.content, CACHE_TAGS.resources],
    load: async () => ({ resources: (await resources.list()).filter((resource) => resource.isActive).map(toPublicResource) }),
  },
  blog: { tags: [CACHE_TAGS.content, CACHE_TAGS.posts], load: async () => ({ posts: await posts.listPublished() }) },
}

/** What the page is drawn with; also the page a form's answer is shown on. */
export async function dataOfPage(id: DataPageId, path: string = PAGES[id].path): Promise<InitialData> {
  const [items, list] = await Promise.all([content.list(), LISTS[id].load()])
  return { path, texts: toSiteTexts(items), ...list }
}

/**
 * The page a form's answer is shown on (a browser's own post, without the page's code): drawn
 * with her texts and head like the page itself; with storage down, as built, since the answer
 * matters more than the words around it.
 */
export async function answerPageOf(id: DataPageId, answer: FormAnswer): Promise<AnswerPage> {
  try {
    const data = await dataOfPage(id)
    return { data: { ...data, answer }, template: PAGE_TEMPLATES[id], meta: pageMeta(id, data.texts ?? {}) }
  } catch (error) {
    console.error('form answer page:', error)
    return { data: { path: PAGES[id].path, answer }, template: PAGE_TEMPLATES[id] }
  }
}

/**
 * The query parameters read, each page's copy kept by the CDN once per value: the blog's topic
 * (`?tag=`), and the service Book Now is opened for (`?service=`, the Services page's links), drawn
 * chosen, with its time step in place, so nothing moves when the page's code takes over. The other
 * pages read none, so any query string reaches their one copy.
 */
const QUERY: Record<DataPageId, readonly string[]> = {
  home: [],
  about: [],
  services: [],
  resources: [],
  blog: ['tag'],
  bookNow: ['service'],
  notFound: [],
}

/** The hero whose title names the page, and whose introduction describes it once she has written one. */
const HEROES = { about: 'about', services: 'services', bookNow: 'bookNow', resources: 'resources', blog: 'blog' } as const

/**
 * The page's head, in her words: the name the page's code gives the browser tab (documentTitle,
 * as usePageTitle does), and her introduction as the description once she has written one (the
 * built-in descriptions, written for search engines, name the built-in coach).
 */
export function pageMeta(id: DataPageId, texts: SiteTexts): PageMeta {
  const page = PAGES[id]
  const siteName = shownText(texts, 'site', 'siteName')
  const name =
    id === 'home' ? null : id === 'about' || id === 'services' || id === 'bookNow' ? shownText(texts, HEROES[id], 'title') : PAGE_NAMES[id]
  const [section, key]: [keyof typeof HEROES | 'home' | null, string] =
    id === 'home' ? ['home', 'heroSubtitle' satisfies TextKey<'home'>] : id === 'notFound' ? [null, ''] : [HEROES[id], 'intro']
  const intro = section ? siteText(texts, section, key)?.trim() : undefined
  return {
    title: documentTitle(name, siteName),
    description: intro || PAGE_HEADS[id].description,
    url: `${siteUrl()}${page.path}`,
    type: 'website',
    image: `${siteUrl()}/og-image.jpg`,
  }
}

/** The page `id`, rendered for this request (each page's function is built from its contract around this). */
export async function renderDataPage(id: Exclude<DataPageId, 'notFound'>, req: Request, context: Context): Promise<Response> {
  const cdn: CdnKey = { tags: LISTS[id].tags, query: QUERY[id] }
  const { values, canonical } = keyedQuery(new URL(req.url), cdn.query)
  if (canonical) return canonicalRedirect(canonical, SECURITY_HEADERS)
  const tag = values.get('tag') || null
  const service = values.get('service') || null
  const location = tag ? blogTagPath(tag) : service ? bookNowPath(service) : PAGES[id].path
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
  // A service the Services page does not list: the page with none chosen, as the page's code
  // would draw it, kept by no cache either (a made-up name costs no copy).
  const kept = known && (!service || listedServiceTitles(data.texts ?? {}).includes(service))
  // Vite's dev server page, under netlify dev: the page's code draws it from the data block.
  if (!isPageTemplate(template)) {
    const page = withDataBlock(template, data)
    const devHeaders = { ...headers, 'Content-Security-Policy': policyFor(context, template) }
    return kept
      ? revalidated(req, page, devHeaders, cdn)
      : new Response(page, { status, headers: { ...devHeaders, 'Cache-Control': 'no-store' } })
  }
  const page = withHead(await renderIntoTemplate(template, data, location), pageMeta(id, data.texts ?? {}))
  const policy = policyAllowingStyles(CONTENT_SECURITY_POLICY, page)
  if (!kept) return new Response(page, { status, headers: { ...headers, 'Cache-Control': 'no-store', 'Content-Security-Policy': policy } })
  return revalidated(req, page, { ...headers, 'Content-Security-Policy': policy }, cdn)
}

/**
 * Any address nothing else answers (netlify.toml's last rewrite): the 404 page with her texts,
 * status 404, kept by no cache, as the blog's unknown topics are: every made-up address would
 * otherwise be one more copy kept for a day. Drawn at the address asked for, which the page's
 * data block names too (the page's code moves the address bar to the block's path). Another
 * spelling of a page's address (capitals, a trailing slash), should one reach here, is sent to the
 * page, as the pages themselves do, rather than answered with a 404 the router would draw as it.
 * Storage down: the page as built, answered 503 with Retry-After like every other page, so a
 * crawler comes back for the page in her words rather than keep the built-in ones.
 */
export async function renderNotFoundPage(req: Request, context: Context): Promise<Response> {
  const url = new URL(req.url)
  const plain = plainPathRedirect(url, SECURITY_HEADERS)
  if (plain && isPageAddress(new URL(plain.headers.get('location') ?? '/', url).pathname)) return plain
  const path = url.pathname
  const headers = { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }
  const template = await builtPage(context, PAGE_TEMPLATES.notFound)
  let data: InitialData = { path }
  let stored = true
  try {
    data = await dataOfPage('notFound', path)
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error
    console.error('storage unavailable:', error.cause)
    stored = false
  }
  const status = stored ? 404 : 503
  const unavailable: Record<string, string> = stored ? {} : { 'Retry-After': '5' }
  if (!isPageTemplate(template)) {
    const page = stored ? withDataBlock(template, data) : template
    return new Response(page, { status, headers: { ...headers, ...unavailable, 'Content-Security-Policy': policyFor(context, template) } })
  }
  const drawn = await renderIntoTemplate(template, data, path)
  const page = stored ? withHead(drawn, pageMeta('notFound', data.texts ?? {})) : drawn
  const policy = policyAllowingStyles(CONTENT_SECURITY_POLICY, page)
  return new Response(page, { status, headers: { ...headers, ...unavailable, 'Content-Security-Policy': policy } })
}

/** Whether a path is a public page's own address (a post's included). */
function isPageAddress(path: string): boolean {
  return PUBLIC_PAGES.some((page) => !page.catchAll && page.path === path) || postSlugOf(path) !== undefined
}

function policyFor(context: Context, template: string): string {
  return !isPageTemplate(template) && runtimeOf(context).local ? devPolicy(CONTENT_SECURITY_POLICY) : CONTENT_SECURITY_POLICY
}
