import type { Config } from '@netlify/functions'
import { resourcesPage } from '../../domain/api/pages'
import { renderDataPage } from '../lib/data-page'
import { endpoint } from '../lib/endpoint'

/** GET /resources: the Resources page, rendered on request with the coach's texts and the active resources (lib/data-page.ts). */
export default endpoint(resourcesPage, {
  GET: ({ req, context }) => renderDataPage('resources', req, context),
})

export const config: Config = { path: '/resources' }
