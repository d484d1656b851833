import { JSDOM } from 'jsdom'
import * as z from 'zod/mini'
import { beforeEach, describe, expect, it } from 'vitest'
import { ContentInputSchema, type ContentInput } from '#domain/content-item.ts'
import { INITIAL_DATA_ID, type InitialData } from '#domain/initial-data.ts'
import { DEFAULT_AVAILABILITY } from '#domain/availability.ts'
import * as aboutPage from '#functions/about-page.ts'
import * as blogListPage from '#functions/blog-list-page.ts'
import * as blogPage from '#functions/blog-page.ts'
import * as bookNowPage from '#functions/book-now-page.ts'
import * as homePage from '#functions/home-page.ts'
import * as notFoundPage from '#functions/not-found-page.ts'
import * as resourcesPage from '#functions/resources-page.ts'
import * as servicesPage from '#functions/services-page.ts'
import { availability } from '#lib/data/availability.ts'
import { content } from '#lib/data/content.ts'
import { PAGE_TEMPLATES } from '#lib/built-pages.ts'
import { withHead } from '#lib/pages/seo.ts'
import { TEST_PAGE_TEMPLATE, TEST_SHELL, useBuiltPages } from '#tests/support/built-pages.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'
import { pageActiveContent } from '#tests/support/page-active-content.ts'
import { createPost } from '#tests/support/records.ts'
import { useSendgridMock } from '#tests/support/sendgrid.ts'

/**
 * Every public page answers with the coach's saved texts, list items and pictures in its HTML (and
 * its head), as a crawler, a link preview or a reader without JavaScript reads it; each text with
 * markup in it stays text. One table: the page, where it answers, and what of hers it must show.
 */

useBlobsServer()
useSendgridMock()

/** Markup in every text she saves: none of it may become an element of the page. */
const MARK = '<script>alert(1)</script><img src=x onerror=alert(2)>'

const SITE_NAME = `Hope & Harvest ${MARK}`
const TEXTS = {
  site: { siteName: SITE_NAME, coachName: 'Ruth Okafor', footerTagline: `Money with meaning ${MARK}` },
  home: {
    heroTitle: `Peace with money, one week at a time ${MARK}`,
    heroSubtitle: 'Her own words under the title.',
    visionText: `Every family free to give ${MARK}`,
    whyPoints: JSON.stringify([
      { title: `Rest at home ${MARK}`, text: 'Plans bring calm.' },
      { title: 'Room to give', text: `Generosity grows ${MARK}` },
    ]),
    testimonials: JSON.stringify([{ quote: `She changed how we talk about money ${MARK}`, name: `Ada </script> Bello`, detail: 'Lagos' }]),
    ctaTitle: `Ready when you are ${MARK}`,
  },
  about: { title: `Meet Ruth ${MARK}`, portrait: '/media/abc123/ruth.webp', beliefs: JSON.stringify([`Stewardship first ${MARK}`]) },
  services: {
    title: `Ways we work ${MARK}`,
    intro: 'Coaching for every season.',
    items: JSON.stringify([
      { title: `Budget Reset ${MARK}`, text: `Four sessions ${MARK}` },
      { title: 'Couples Money Talk', text: 'Two evenings.' },
    ]),
  },
  resources: { title: `Free tools ${MARK}` },
  blog: { title: `Notes on money ${MARK}` },
  bookNow: { title: `Let us talk ${MARK}`, intro: `Tell me about your plans ${MARK}` },
} as const

async function saveTexts() {
  for (const [section, values] of Object.entries(TEXTS)) {
    for (const [key, value] of Object.entries(values)) {
      const type =
        key === 'portrait'
          ? 'image'
          : key === 'whyPoints' || key === 'testimonials' || key === 'items' || key === 'beliefs'
            ? 'json'
            : 'text'
      // Checked as the admin's save checks it, so each value is one she can save.
      const input = z.parse(ContentInputSchema, { section, key, value, type } satisfies ContentInput)
      await content.save(input, 'admin')
    }
  }
}

type PageModule = { default: (req: Request, context: ReturnType<typeof fakeContext>) => Promise<Response> }

type Row = {
  page: string
  fn: PageModule
  path: string
  params?: Record<string, string>
  status?: number
  /** Her texts the page's body must show, as text. */
  shows: string[]
  /** The browser tab's name (the head's title). */
  title: string
  picture?: string
}

const SLUG = 'first-budget'
const ROWS: Row[] = [
  {
    page: 'Home',
    fn: homePage,
    path: '/',
    shows: [
      TEXTS.home.heroTitle,
      TEXTS.home.heroSubtitle,
      TEXTS.home.visionText,
      `Rest at home ${MARK}`,
      `Generosity grows ${MARK}`,
      `She changed how we talk about money ${MARK}`,
      'Ada </script> Bello',
      TEXTS.home.ctaTitle,
      'Meet Ruth',
    ],
    title: `${SITE_NAME} | Faith-based financial coaching`,
    picture: '/media/abc123/ruth.webp',
  },
  {
    page: 'About',
    fn: aboutPage,
    path: '/about',
    shows: [TEXTS.about.title, `Stewardship first ${MARK}`],
    title: `${TEXTS.about.title} | ${SITE_NAME}`,
    picture: '/media/abc123/ruth.webp',
  },
  {
    page: 'Services',
    fn: servicesPage,
    path: '/services',
    shows: [TEXTS.services.title, TEXTS.services.intro, `Budget Reset ${MARK}`, `Four sessions ${MARK}`, 'Couples Money Talk'],
    title: `${TEXTS.services.title} | ${SITE_NAME}`,
  },
  { page: 'Resources', fn: resourcesPage, path: '/resources', shows: [TEXTS.resources.title], title: `Free Resources | ${SITE_NAME}` },
  { page: 'Blog', fn: blogListPage, path: '/blog', shows: [TEXTS.blog.title, 'Saving for the first home'], title: `Blog | ${SITE_NAME}` },
  {
    page: 'Book Now',
    fn: bookNowPage,
    path: '/book-now',
    // Her services are the booking form's choices.
    shows: [TEXTS.bookNow.title, TEXTS.bookNow.intro, `Budget Reset ${MARK}`],
    title: `${TEXTS.bookNow.title} | ${SITE_NAME}`,
  },
  {
    page: 'a post',
    fn: blogPage,
    path: `/blog/${SLUG}`,
    params: { slug: SLUG },
    shows: ['Saving for the first home'],
    title: `Saving for the first home | ${SITE_NAME}`,
  },
  {
    page: 'the 404 page',
    fn: notFoundPage,
    path: '/no-such-page',
    status: 404,
    shows: ['Oops! Page not found'],
    title: `Page not found | ${SITE_NAME}`,
  },
]

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

async function open(row: Row) {
  const response = await row.fn.default(new Request(`${TEST_ORIGIN}${row.path}`), fakeContext({ params: row.params, runtime: 'deployed' }))
  const html = await response.text()
  const { document } = new JSDOM(html, { url: `${TEST_ORIGIN}${row.path}` }).window
  const block = document.getElementById(INITIAL_DATA_ID)?.textContent
  return { response, html, document, data: block ? (JSON.parse(block) as InitialData) : undefined }
}

/** The templates as the build writes them: with the built-in head, Open Graph and all, for the page's to replace. */
function useBuiltTemplates() {
  const builtIn = withHead(TEST_PAGE_TEMPLATE, {
    title: 'Faithful Finances | Faith-based financial coaching',
    description: 'Built-in description',
    url: 'http://localhost:8888/',
    type: 'website',
    image: 'http://localhost:8888/og-image.jpg',
  })
  useBuiltPages({ 'shell.html': TEST_SHELL, ...Object.fromEntries(Object.values(PAGE_TEMPLATES).map((file) => [file, builtIn])) })
}

describe("every public page answers with the coach's texts in its HTML", () => {
  beforeEach(async () => {
    useBuiltTemplates()
    await saveTexts()
    await createPost({ title: 'Saving for the first home', slug: SLUG, status: 'published' })
  })

  it.each(ROWS.map((row) => [row.page, row] as const))('%s', async (_page, row) => {
    const { response, html, document, data } = await open(row)
    expect(response.status).toBe(row.status ?? 200)
    const body = squash(document.body.textContent ?? '')
    for (const text of row.shows) expect(body, text).toContain(squash(text))
    // Her site name in the header, the footer and the tab; her footer line.
    expect(squash(document.querySelector('header a[href="/"]')?.textContent ?? '')).toBe(SITE_NAME)
    expect(squash(document.querySelector('footer')?.textContent ?? '')).toContain(`© 2025 ${SITE_NAME}`)
    expect(body).toContain(TEXTS.site.footerTagline)
    expect(document.title).toBe(row.title)
    // Her head replaces the template's built-in one, tag for tag: a link preview reads the first.
    expect([...document.querySelectorAll('meta[property="og:title"]')].map((tag) => tag.getAttribute('content'))).toEqual([row.title])
    expect(document.querySelectorAll('title, meta[name="description"], link[rel="canonical"], meta[name="twitter:title"]')).toHaveLength(4)
    // No built-in name anywhere: not in the page, not in its head.
    expect(html).not.toContain('Faithful Finances')
    if (row.picture)
      expect(document.querySelector(`img[src*="${encodeURIComponent(row.picture)}"]`)?.getAttribute('alt')).toBe('Ruth Okafor')
    // Her markup stays text: nothing in the page could run, and the escaped form is what was sent.
    expect(pageActiveContent(document, INITIAL_DATA_ID)).toEqual([])
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    // The page's code is given the same texts, so it draws the same words and swaps nothing.
    expect(data?.texts?.site?.siteName).toBe(SITE_NAME)
    expect(data?.path).toBe(row.path)
  })
})

describe('the pages new to rendering on request', () => {
  it.each([
    ['/', homePage],
    ['/services', servicesPage],
    ['/book-now', bookNowPage],
  ] as const)('%s is kept by the CDN under the texts, purged when she saves', async (path, fn) => {
    const { response } = await open({ page: path, fn, path, shows: [], title: '' })
    // Book Now also shows the services booked online: saving her availability purges it too.
    expect(response.headers.get('netlify-cache-tag')).toBe(path === '/book-now' ? 'content,availability' : 'content')
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline')
  })

  it('Book Now opened for a service is drawn with it chosen, and with its time step when it is booked online', async () => {
    await saveTexts()
    const online = { name: 'Couples Money Talk', minutes: 90, location: { kind: 'place', text: '12 Market Street' } } as const
    const saved = { ...online, confirmation: undefined }
    await availability.save({ ...DEFAULT_AVAILABILITY, services: [saved] })
    const opened = async (service: string) => {
      const path = `/book-now?service=${encodeURIComponent(service)}`
      const page = await open({ page: path, fn: bookNowPage, path, shows: [], title: '' })
      const select = page.document.querySelector<HTMLSelectElement>('select[name="service"]')
      return { ...page, chosen: select?.value, step: page.document.getElementById('booking-times-title')?.closest('section') }
    }

    const booked = await opened('Couples Money Talk')
    expect(booked.chosen).toBe('Couples Money Talk')
    expect(booked.step?.querySelector('h2')?.textContent).toBe('Choose a time')
    expect(booked.step?.querySelector('p')?.textContent).toBe('Couples Money Talk: 90 minutes, In person: 12 Market Street')
    expect(booked.step?.querySelector('[role="status"]')?.textContent).toBe('Finding free times…')
    // The page's code is given the same services, so its first render draws the same step.
    expect(booked.data?.bookingOffer?.services).toEqual([online])
    expect(booked.data?.path).toBe('/book-now')
    expect(booked.response.headers.get('netlify-cache-tag')).toBe('content,availability')

    // A service she lists but has not opened for online booking: chosen, and the form sends a request.
    const requested = await opened(`Budget Reset ${MARK}`)
    expect(requested.chosen).toBe(`Budget Reset ${MARK}`)
    expect(requested.step).toBeUndefined()
    expect(requested.response.headers.get('netlify-cdn-cache-control')).not.toBeNull()
    expect(pageActiveContent(requested.document, INITIAL_DATA_ID)).toEqual([])

    // A name the page does not list: nothing chosen, and no copy kept for it.
    const madeUp = await opened('Made Up <b>Service</b>')
    expect(madeUp.chosen).toBe('Not sure yet')
    expect(madeUp.step).toBeUndefined()
    expect(madeUp.response.status).toBe(200)
    expect(madeUp.response.headers.get('cache-control')).toBe('no-store')
    expect(madeUp.response.headers.get('netlify-cdn-cache-control')).toBeNull()
    expect(madeUp.html).not.toContain('<b>Service')
  })

  it('answers any unknown address with the 404 page at that address, kept by no cache', async () => {
    await saveTexts()
    for (const path of ['/no-such-page', '/blog-old/2019/05/post', '/wp-login.php', '/%3Cscript%3Ealert(1)%3C/script%3E']) {
      const { response, html, document, data } = await open({ page: path, fn: notFoundPage, path, shows: [], title: '' })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('netlify-cdn-cache-control')).toBeNull()
      expect(document.querySelector('h1')?.textContent).toBe('Oops! Page not found')
      expect(data?.path).toBe(path)
      expect(pageActiveContent(document, INITIAL_DATA_ID)).toEqual([])
      expect(html).not.toContain('<script>alert')
    }
  })

  it("sends another spelling of a page's address to the page, so /Services is the Services page", async () => {
    for (const [path, location] of [
      ['/Services', '/services'],
      ['/book-now/', '/book-now'],
      ['/Blog/First-Budget', '/blog/first-budget'],
    ]) {
      const response = await notFoundPage.default(new Request(`${TEST_ORIGIN}${path}`), fakeContext({ runtime: 'deployed' }))
      expect(response.status, path).toBe(308)
      expect(response.headers.get('location')).toBe(location)
    }
  })

  it('names the page in its head with her introduction once she has written one, else the built-in description', async () => {
    await content.save({ section: 'services', key: 'intro', value: 'Coaching for every season.', type: 'text' }, 'admin')
    const services = (await open({ page: 'Services', fn: servicesPage, path: '/services', shows: [], title: '' })).document
    expect(services.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Coaching for every season.')
    const home = (await open({ page: 'Home', fn: homePage, path: '/', shows: [], title: '' })).document
    expect(home.title).toBe('Faithful Finances | Faith-based financial coaching')
    expect(home.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Faith-based financial coaching for individuals/,
    )
    expect(home.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/$/)
  })
})
