import type { Config } from '@netlify/functions'
import { dataPage } from '../lib/data-page'

/** GET /about: the About page, rendered on request with the coach's texts and portrait (lib/data-page.ts). */
export default dataPage('about')

export const config: Config = { path: '/about' }
