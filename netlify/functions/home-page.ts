import type { Config } from '@netlify/functions'
import { homePage } from '#domain/api/pages.ts'
import { renderDataPage } from '#lib/pages/data-page.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/** GET /: the home page, rendered on request with the coach's texts, lists and portrait (lib/pages/data-page.ts). */
export default endpoint(homePage, {
  GET: ({ req, context }) => renderDataPage('home', req, context),
})

export const config: Config = { path: '/' }
