import { contract } from './contract'
import { ENDPOINTS } from '#domain/endpoints.ts'
import { MEDIA_MESSAGES } from '#domain/media.ts'

/** What answers pages, feeds and files rather than JSON: crawlers, feed readers and browsers call these. */

export const blogPage = contract({
  endpoint: ENDPOINTS.blogPage,
  methods: {
    GET: {
      access: 'public',
      answers:
        'the post page, rendered on the server (`blog-page`); 301 to the new address from a former one; 404 with "Post Not Found" for a missing or unpublished post',
      served: 'html',
    },
  },
})

export const homePage = contract({
  endpoint: ENDPOINTS.homePage,
  methods: {
    GET: {
      access: 'public',
      answers: 'the home page with her texts, lists and portrait, rendered on request into its built template',
      served: 'html',
    },
  },
})

export const servicesPage = contract({
  endpoint: ENDPOINTS.servicesPage,
  methods: {
    GET: {
      access: 'public',
      answers: 'the Services page with her texts and list of services, rendered on request into its built template',
      served: 'html',
    },
  },
})

export const bookNowPage = contract({
  endpoint: ENDPOINTS.bookNowPage,
  methods: {
    GET: {
      access: 'public',
      answers: 'the Book Now page with her texts and the booking form, rendered on request into its built template',
      served: 'html',
    },
  },
})

export const notFoundPage = contract({
  endpoint: ENDPOINTS.notFoundPage,
  methods: {
    GET: {
      access: 'public',
      answers: 'any address nothing else answers: 404 with the "Page not found" page and her texts, kept by no cache',
      served: 'html',
    },
  },
})

export const aboutPage = contract({
  endpoint: ENDPOINTS.aboutPage,
  methods: {
    GET: {
      access: 'public',
      answers: 'the About page with her texts and portrait, rendered on request into its built template',
      served: 'html',
    },
  },
})

export const resourcesPage = contract({
  endpoint: ENDPOINTS.resourcesPage,
  methods: {
    GET: {
      access: 'public',
      answers: 'the Resources page with the active resources, rendered on request into its built template',
      served: 'html',
    },
  },
})

export const blogListPage = contract({
  endpoint: ENDPOINTS.blogListPage,
  methods: {
    GET: {
      access: 'public',
      answers:
        "the Blog page with the published posts (`?tag=` keeps one tag's; an unknown tag is a 404), rendered on request into its built template",
      served: 'html',
    },
  },
})

export const rss = contract({
  endpoint: ENDPOINTS.rss,
  methods: {
    GET: {
      access: 'public',
      answers: 'RSS 2.0 of the 50 latest published posts',
      served: 'xml',
    },
  },
})

export const sitemap = contract({
  endpoint: ENDPOINTS.sitemap,
  methods: {
    GET: {
      access: 'public',
      answers: 'the public pages and every published post',
      served: 'xml',
    },
  },
})

export const robots = contract({
  endpoint: ENDPOINTS.robots,
  methods: {
    GET: {
      access: 'public',
      answers: 'everything may be crawled but `/admin`; names the sitemap',
      served: 'text',
    },
  },
})

export const mediaFile = contract({
  endpoint: ENDPOINTS.mediaFile,
  ids: { id: MEDIA_MESSAGES.notFound },
  methods: {
    GET: {
      access: 'public',
      answers:
        'a library file (`media-file`), streamed part after part: its sniffed `Content-Type`, `Content-Length`, `Content-Disposition` (attachment under its name for a PDF, inline for an image; RFC 6266/5987 encoded), an ETag (its SHA-256) with 304, `Cache-Control: public, max-age=31536000, immutable`, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: default-src \'none\'; sandbox`; 404 "File not found" (JSON) for an unknown id or an upload not completed. Only the bytes completing checked are sent: a part whose bytes no longer hash to the recorded `partSha256` answers 503, or ends the stream short when the answer has started. The name is only for people: the id finds the file',
      served: 'file',
    },
  },
})
