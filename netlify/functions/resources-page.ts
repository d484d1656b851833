import type { Config } from '@netlify/functions'
import { dataPage } from '../lib/data-page'

/** GET /resources: the Resources page, rendered on request with the coach's texts and the active resources (lib/data-page.ts). */
export default dataPage('resources')

export const config: Config = { path: '/resources' }
