import type { Config } from '@netlify/functions'
import { blogListPage } from '#domain/api/pages.ts'
import { renderDataPage } from '#lib/pages/data-page.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** GET /blog: the Blog page, rendered on request with the coach's texts and the published posts (lib/pages/data-page.ts). */
export default endpoint(blogListPage, {
  GET: ({ req, context }) => renderDataPage('blog', req, context),
})

export const config: Config = { path: '/blog' }
