import type { Config } from '@netlify/functions'
import { resourcesPage } from '#domain/api/pages.ts'
import { renderDataPage } from '#lib/pages/data-page.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** GET /resources: the Resources page, rendered on request with the coach's texts and the active resources (lib/pages/data-page.ts). */
export default endpoint(resourcesPage, {
  GET: ({ req, context }) => renderDataPage('resources', req, context),
})

export const config: Config = { path: '/resources' }
