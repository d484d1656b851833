import type { Config } from '@netlify/functions'
import { bookNowPage } from '#domain/api/pages.ts'
import { renderDataPage } from '#lib/pages/data-page.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/**
 * GET /book-now: the Book Now page, rendered on request with the coach's texts (lib/pages/data-page.ts).
 * Its form posts to the booking function, which answers a browser's own post with this page too.
 */
export default endpoint(bookNowPage, {
  GET: ({ req, context }) => renderDataPage('bookNow', req, context),
})

export const config: Config = { path: '/book-now' }
