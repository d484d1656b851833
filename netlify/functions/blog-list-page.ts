import type { Config } from '@netlify/functions'
import { dataPage } from '../lib/data-page'

/** GET /blog: the Blog page, rendered on request with the coach's texts and the published posts (lib/data-page.ts). */
export default dataPage('blog')

export const config: Config = { path: '/blog' }
