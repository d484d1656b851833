import type { Config } from '@netlify/functions'
import { blogListPage } from '../../domain/api/pages'
import { renderDataPage } from '../lib/data-page'
import { endpoint } from '../lib/endpoint'

/** GET /blog: the Blog page, rendered on request with the coach's texts and the published posts (lib/data-page.ts). */
export default endpoint(blogListPage, {
  GET: ({ req, context }) => renderDataPage('blog', req, context),
})

export const config: Config = { path: '/blog' }
