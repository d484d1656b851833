import type { Config } from '@netlify/functions'
import { aboutPage } from '#domain/api/pages.ts'
import { renderDataPage } from '#lib/pages/data-page.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** GET /about: the About page, rendered on request with the coach's texts and portrait (lib/pages/data-page.ts). */
export default endpoint(aboutPage, {
  GET: ({ req, context }) => renderDataPage('about', req, context),
})

export const config: Config = { path: '/about' }
