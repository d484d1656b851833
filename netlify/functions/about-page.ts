import type { Config } from '@netlify/functions'
import { aboutPage } from '../../domain/api/pages'
import { renderDataPage } from '../lib/data-page'
import { endpoint } from '../lib/endpoint'

/** GET /about: the About page, rendered on request with the coach's texts and portrait (lib/data-page.ts). */
export default endpoint(aboutPage, {
  GET: ({ req, context }) => renderDataPage('about', req, context),
})

export const config: Config = { path: '/about' }
