import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import * as rss from '#functions/rss.ts'
import * as sitemap from '#functions/sitemap.ts'
import { posts } from '#lib/data/posts.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { postInput } from '#tests/support/factories.ts'

useBlobsServer()

async function fetchXml(module: { default: (req: Request, context: never) => Promise<Response> }, path: string) {
  const response = await module.default(new Request(`https://coach.example${path}`), { params: {} } as never)
  const text = await response.text()
  return { response, text }
}

// The site's address comes from Netlify's URL variable (tests/support/test-env.ts sets one).
const base = () => process.env.URL!

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' || name === 'url' || name === 'category' })

describe('GET /rss.xml', () => {
  it('is well-formed RSS 2.0 listing published posts only, newest first, built at request time', async () => {
    await posts.create(postInput({ title: 'Older & "quoted" <post>', status: 'published', tags: ['Saving'] }), 'Grace Adeyemi')
    await posts.create(postInput({ title: 'A draft', status: 'draft' }), 'Grace Adeyemi')
    await posts.create(postInput({ title: 'Newest post', status: 'published' }), 'Grace Adeyemi')

    const { response, text } = await fetchXml(rss, '/rss.xml')
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/)
    expect(XMLValidator.validate(text)).toBe(true)
    const { rss: feed } = parser.parse(text)
    expect(feed['@_version']).toBe('2.0')
    expect(feed.channel.title).toBeTruthy()
    expect(feed.channel.link).toBe(`${base()}/blog`)
    const items = feed.channel.item as { title: string; link: string; guid: { '#text': string }; pubDate: string; category?: string[] }[]
    expect(items.map((item) => item.title)).toEqual(['Newest post', 'Older & "quoted" <post>'])
    for (const item of items) {
      expect(item.link.startsWith(`${base()}/blog/`)).toBe(true)
      expect(item.guid['#text']).toBe(item.link)
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false)
    }
    expect(items[1]!.category).toEqual(['Saving'])
  })
})

describe('GET /sitemap.xml', () => {
  it('is a valid sitemap with every public page and every published post, and no draft', async () => {
    const published = await posts.create(postInput({ title: 'Shared post', status: 'published' }), 'Grace Adeyemi')
    await posts.create(postInput({ title: 'Hidden draft', status: 'draft' }), 'Grace Adeyemi')
    const { response, text } = await fetchXml(sitemap, '/sitemap.xml')
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    expect(XMLValidator.validate(text)).toBe(true)
    const { urlset } = parser.parse(text)
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    const locs = (urlset.url as { loc: string }[]).map((url) => url.loc)
    for (const path of ['/', '/about', '/services', '/resources', '/blog', '/book-now']) expect(locs).toContain(`${base()}${path}`)
    expect(locs).toContain(`${base()}/blog/${published.slug}`)
    expect(locs.some((loc) => loc.includes('hidden-draft'))).toBe(false)
  })
})
