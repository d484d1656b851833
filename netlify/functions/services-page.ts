import type { Config } from '@netlify/functions'
import { servicesPage } from '#domain/api/pages.ts'
import { renderDataPage } from '#lib/pages/data-page.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** GET /services: the Services page, rendered on request with the coach's texts and services (lib/pages/data-page.ts). */
export default endpoint(servicesPage, {
  GET: ({ req, context }) => renderDataPage('services', req, context),
})

export const config: Config = { path: '/services' }
