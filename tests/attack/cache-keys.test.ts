import { randomBytes } from 'node:crypto'
import type { Context } from '@netlify/functions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as aboutPage from '#functions/about-page.ts'
import * as bookNowPage from '#functions/book-now-page.ts'
import * as bookingSlots from '#functions/booking-slots.ts'
import * as homePage from '#functions/home-page.ts'
import * as servicesPage from '#functions/services-page.ts'
import * as blogListPage from '#functions/blog-list-page.ts'
import * as blogPage from '#functions/blog-page.ts'
import * as blogPosts from '#functions/blog-posts.ts'
import * as content from '#functions/content.ts'
import * as mediaFile from '#functions/media-file.ts'
import * as resources from '#functions/resources.ts'
import * as resourcesPage from '#functions/resources-page.ts'
import * as robots from '#functions/robots.ts'
import * as rss from '#functions/rss.ts'
import * as sitemap from '#functions/sitemap.ts'
import { startPageServer } from '#tests/support/attack-fixtures.ts'
import {
  attackScaled,
  reportAttack,
  reportFindings,
  startTiming,
  tooSlow,
  type AttackRow,
  type Timing,
} from '#tests/support/attack-scale.ts'
import { createAdmin } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { saveAvailability } from '#tests/support/booking.ts'
import { call, fakeContext } from '#tests/support/call.ts'
import { postInput } from '#tests/support/factories.ts'
import { pngBytes, uploadFile } from '#tests/support/media.ts'
import { createPost, createResource } from '#tests/support/records.ts'

/**
 * Cache keys: every answer Netlify's CDN keeps is keyed by its address, by the whole query string
 * unless the answer's Netlify-Vary header lists the parameters that count. A hostile (or merely
 * careless) address that gets a kept answer under a key of its own makes one more function run and
 * one more copy kept for a day or a year: tracking parameters (`utm_source`, `fbclid`), made-up
 * ones, other spellings of a parameter the answer does read, topics no post has, made-up media
 * names. Each such request the site went along with is counted as accepted; so is one whose key is
 * the real answer's but whose content is not (it would stand in for the real answer).
 *
 * The key is modelled on what the CDN is told, taken at its most literal: the path as written, and
 * the query parameters Netlify-Vary lists as written (matched by name, decoded and in any case,
 * since nobody says how the CDN compares them), or the whole query string without the header.
 *
 * Functions are called in this process against a local Blobs server. The requests name a local
 * server of the built pages as their origin: the site once fetched its pages from there
 * (tests/attack/baselines/cache-keys.json); today it reads its own.
 */

type Handler = { default: (req: Request, context: Context) => Promise<Response> }
type Target = { name: string; fn: Handler; path: string; params?: Record<string, string> }
type Answer = Timing & { status: number; headers: Headers; body: string; url: URL }

let pages: Awaited<ReturnType<typeof startPageServer>>
beforeAll(async () => {
  pages = await startPageServer()
})
afterAll(async () => {
  await pages?.stop()
})
useBlobsServer()

const random = () => randomBytes(6).toString('hex')

async function ask(target: Target): Promise<Answer> {
  const url = new URL(target.path, pages.origin)
  const timing = startTiming()
  const response = await target.fn.default(new Request(url), fakeContext({ params: target.params ?? {}, runtime: 'deployed' }))
  const body = await response.text()
  return { status: response.status, headers: response.headers, body, ...timing(), url }
}

/** Whether a shared cache may keep the answer, from the headers Netlify's CDN reads (its own first). */
function keptByCdn(headers: Headers): boolean {
  const own = headers.get('netlify-cdn-cache-control') ?? headers.get('cdn-cache-control')
  const control = own ?? headers.get('cache-control') ?? ''
  if (/\b(?:no-store|private|no-cache)\b/.test(control)) return false
  const shared = /\bs-maxage=(\d+)/.exec(control)
  if (shared) return Number(shared[1]) > 0
  const age = Number(/\bmax-age=(\d+)/.exec(control)?.[1] ?? 0)
  return age > 0 && (own !== null || /\bpublic\b/.test(control))
}

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '))
  } catch {
    return part
  }
}

/** The CDN's key for the answer, as literally as its headers allow. */
function cacheKey(url: URL, headers: Headers): string {
  const vary = /(?:^|,)\s*query(?:=([^,]*))?/i.exec(headers.get('netlify-vary') ?? '')
  if (!vary || vary[1] === undefined) return `${url.pathname}${url.search}`
  const names = vary[1].split('|').filter(Boolean)
  const listed = url.search
    .slice(1)
    .split('&')
    .filter((pair) => {
      const name = pair.split('=')[0] ?? ''
      return names.some((known) => known === name || known === decoded(name).toLowerCase().trim())
    })
  return `${url.pathname}?${listed.join('&')}`
}

describe('cache keys', () => {
  it('every kept answer has one copy per real answer, whatever the address adds or misspells', { timeout: 600_000 }, async () => {
    const admin = await createAdmin()
    const post = await createPost({ title: 'Saving with purpose', status: 'published', tags: ['Budgeting', 'Money & Faith'] })
    const moving = await createPost({ title: 'Giving first', status: 'published', tags: ['Giving'] })
    await call(adminBlogPosts, {
      method: 'PUT',
      path: '/api/admin/blog-posts',
      headers: { authorization: admin.authorization },
      body: { ...postInput(), status: 'published', id: moving.id, slug: 'giving-before-anything' },
    })
    await createResource()
    const { id: mediaId } = await uploadFile(admin.authorization, 'Budget Sheet.png', pngBytes(40, 30))
    const media = `/media/${mediaId}/Budget-Sheet.png`
    // Her week closed: the free times are then the same answer whenever it is asked (no quarter hour passes mid-test).
    await saveAvailability({ weekly: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] } })

    const targets: Target[] = [
      { name: 'GET /api/blog-posts', fn: blogPosts, path: '/api/blog-posts' },
      { name: 'GET /blog/{slug}', fn: blogPage, path: `/blog/${post.slug}`, params: { slug: post.slug } },
      { name: 'GET /blog/{former slug}', fn: blogPage, path: `/blog/${moving.slug}`, params: { slug: moving.slug } },
      { name: 'GET /', fn: homePage, path: '/' },
      { name: 'GET /about', fn: aboutPage, path: '/about' },
      { name: 'GET /services', fn: servicesPage, path: '/services' },
      { name: 'GET /book-now', fn: bookNowPage, path: '/book-now' },
      { name: 'GET /book-now?service=', fn: bookNowPage, path: '/book-now?service=1-1%20Financial%20Coaching' },
      { name: 'GET /resources', fn: resourcesPage, path: '/resources' },
      { name: 'GET /blog', fn: blogListPage, path: '/blog' },
      { name: 'GET /blog?tag=', fn: blogListPage, path: '/blog?tag=Budgeting' },
      { name: 'GET /blog?tag= (spaces)', fn: blogListPage, path: '/blog?tag=Money%20%26%20Faith' },
      { name: 'GET /rss.xml', fn: rss, path: '/rss.xml' },
      { name: 'GET /sitemap.xml', fn: sitemap, path: '/sitemap.xml' },
      { name: 'GET /robots.txt', fn: robots, path: '/robots.txt' },
      { name: 'GET /api/content', fn: content, path: '/api/content' },
      { name: 'GET /api/resources', fn: resources, path: '/api/resources' },
      { name: 'GET /media/{id}/{name}', fn: mediaFile, path: media, params: { id: mediaId!, name: 'Budget-Sheet.png' } },
      { name: 'GET /api/booking/slots', fn: bookingSlots, path: '/api/booking/slots?service=1-1%20Financial%20Coaching' },
    ]
    const byName = (name: string) => targets.find((target) => target.name === name)!
    const withQuery = (target: Target, query: string): Target => ({
      ...target,
      path: `${target.path}${target.path.includes('?') ? '&' : '?'}${query}`,
    })

    // What a link in a newsletter, an ad or a share adds, and what anyone can make up.
    const tracking = [
      'utm_source=newsletter&utm_medium=email&utm_campaign=spring',
      `fbclid=IwAR${random()}`,
      `gclid=Cj0K${random()}`,
      `mc_cid=${random()}&mc_eid=${random()}`,
      `x${random()}=1`,
      '_=1700000000000',
      ...Array.from({ length: attackScaled(0, 30) }, () => `utm_source=${random()}&ref=${random()}`),
    ]
    const hostile: { target: Target; of: Target }[] = []
    for (const target of targets) for (const query of tracking) hostile.push({ target: withQuery(target, query), of: target })

    // Other spellings of the parameters that are read: each would be a key of its own.
    // One post as JSON is never kept by the CDN: a spelling of it must not land under the list's key.
    const apiList = byName('GET /api/blog-posts')
    const tagged = byName('GET /blog?tag=')
    const spaced = byName('GET /blog?tag= (spaces)')
    const slotsOf = byName('GET /api/booking/slots')
    const linked = byName('GET /book-now?service=')
    const respelled: [Target, string][] = [
      [linked, '/book-now?service=1-1+Financial+Coaching'],
      [linked, '/book-now?SERVICE=1-1%20Financial%20Coaching'],
      [linked, '/book-now?servic%65=1-1%20Financial%20Coaching'],
      [linked, '/book-now?service=1-1%20Financial%20Co%61ching'],
      [linked, `/book-now?service=1-1%20Financial%20Coaching&service=${random()}`],
      [linked, '/book-now?service=%201-1%20Financial%20Coaching'],
      [apiList, `/api/blog-posts?slug=${post.slug}`],
      [apiList, `/api/blog-posts?slug=${post.slug.replace('s', '%73')}`],
      [apiList, `/api/blog-posts?SLUG=${post.slug}`],
      [apiList, `/api/blog-posts?sl%75g=${post.slug}`],
      [apiList, `/api/blog-posts?slug=${post.slug}&slug=${random()}`],
      [apiList, `/api/blog-posts?slug=%20${post.slug}`],
      [tagged, '/blog?tag=Budg%65ting'],
      [tagged, '/blog?TAG=Budgeting'],
      [tagged, '/blog?t%61g=Budgeting'],
      [tagged, `/blog?tag=Budgeting&tag=${random()}`],
      [tagged, '/blog?tag=Budgeting&tag='],
      [spaced, '/blog?tag=Money+%26+Faith'],
      [spaced, '/blog?tag=Money%20%26%20Faith&TAG=x'],
      [slotsOf, '/api/booking/slots?service=1-1+Financial+Coaching'],
      [slotsOf, '/api/booking/slots?SERVICE=1-1%20Financial%20Coaching'],
      [slotsOf, '/api/booking/slots?servic%65=1-1%20Financial%20Coaching'],
      [slotsOf, '/api/booking/slots?service=1-1%20Financial%20Co%61ching'],
      [slotsOf, `/api/booking/slots?service=1-1%20Financial%20Coaching&service=${random()}`],
      [slotsOf, '/api/booking/slots?service=1-1%20financial%20coaching'],
      [slotsOf, '/api/booking/slots?service=__proto__'],
      [slotsOf, '/api/booking/SLOTS?service=1-1%20Financial%20Coaching'],
      [slotsOf, '/api/booking/slots/?service=1-1%20Financial%20Coaching'],
    ]
    for (const [of, path] of respelled) hostile.push({ target: { ...of, path }, of })
    const postPage = byName('GET /blog/{slug}')
    hostile.push({ target: { ...postPage, path: `/blog/${post.slug.replace('s', '%73')}` }, of: postPage })

    // Topics no post has, against the blog's own copy.
    const blog = byName('GET /blog')
    const topics = ['Nonexistent', 'BUDGETING', '<script>', 'x'.repeat(2_000), ...Array.from({ length: attackScaled(4, 60) }, random)]
    for (const topic of topics) hostile.push({ target: { ...blog, path: `/blog?tag=${encodeURIComponent(topic)}` }, of: blog })

    // Services the page does not list, against Book Now's own copy.
    const bookNow = byName('GET /book-now')
    const services = [
      '1-1 financial coaching',
      '__proto__',
      'constructor',
      '<script>',
      'x'.repeat(2_000),
      ...Array.from({ length: attackScaled(4, 60) }, random),
    ]
    for (const service of services)
      hostile.push({ target: { ...bookNow, path: `/book-now?service=${encodeURIComponent(service)}` }, of: bookNow })

    // Made-up names for a library file, against its own address.
    const file = byName('GET /media/{id}/{name}')
    const names = [
      'budget-sheet.png',
      'Budget Sheet.png',
      'Budget-Sheet.png.',
      'Budget%2DSheet.png',
      ...Array.from({ length: attackScaled(4, 60) }, () => `${random()}.png`),
    ]
    for (const name of names)
      hostile.push({ target: { ...file, path: `/media/${mediaId}/${name}`, params: { id: mediaId!, name } }, of: file })
    hostile.push({ target: { ...file, path: `${media}/` }, of: file })

    const problems: string[] = []
    const row: AttackRow = {
      attack: 'cache keys',
      calls: 0,
      errors5xx: 0,
      outside: 0,
      slow: 0,
      otherProblems: 0,
      accepted: 0,
      slowestMs: 0,
      slowestStopped: false,
    }

    // The real answers: each kept by the CDN (else there is nothing to guard).
    const real = new Map<Target, Answer>()
    for (const target of targets) {
      const answer = await ask(target)
      real.set(target, answer)
      if (answer.status >= 400 || !keptByCdn(answer.headers)) {
        row.otherProblems++
        problems.push(`${target.name}: the real answer is not kept (${answer.status}, ${answer.headers.get('netlify-cdn-cache-control')})`)
      }
    }

    for (const { target, of } of hostile) {
      const answer = await ask(target)
      row.calls++
      row.slowestMs = Math.max(row.slowestMs, answer.ms)
      if (tooSlow(answer)) row.slow++
      if (answer.status >= 500) {
        row.errors5xx++
        problems.push(`${target.path}: ${answer.status}`)
        continue
      }
      if (!keptByCdn(answer.headers)) continue
      const own = real.get(of)!
      const key = cacheKey(answer.url, answer.headers)
      const ownKey = cacheKey(own.url, own.headers)
      if (key !== ownKey) {
        row.accepted!++
        problems.push(`${target.path}: a copy of its own (${answer.status}, key ${key.slice(0, 80)})`)
      } else if (answer.status !== own.status || answer.body !== own.body) {
        row.accepted!++
        problems.push(`${target.path}: kept under ${of.name}'s key with another answer (${answer.status})`)
      }
    }

    reportAttack(row)
    reportFindings('cache keys', problems)
    expect(problems, `${row.accepted} of ${row.calls} hostile addresses accepted`).toEqual([])
  })
})
