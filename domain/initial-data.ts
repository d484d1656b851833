import type { PostSummary, RenderedPost } from './blog-post'
import type { PublicOffer } from './booking-session'
import type { SiteTexts } from './content-item'
import type { FormAnswer } from './form-answer'
import type { PublicResource } from './resource'

/**
 * Data a page was rendered with on the server, embedded in the page (netlify/functions/blog-page.ts)
 * so the browser's first render draws the same thing and hydrates it instead of fetching again.
 * It travels as `<script type="application/json">`: a data block runs nothing, so the CSP (no
 * inline script) lets it be. `path` ties it to the page it was rendered for: a form's answer is
 * served at the form's own address, and the page's code moves the address back to `path`.
 */
export type InitialData = {
  path: string
  post?: RenderedPost
  answer?: FormAnswer
  /** The site's edited texts: the page is drawn with them, not with the built-in ones. */
  texts?: SiteTexts
  /** The lists a listing page was drawn with (the blog's posts, the active resources). */
  posts?: PostSummary[]
  resources?: PublicResource[]
  /** Book Now's services that can be booked online (its time step is drawn with the page). */
  bookingOffer?: PublicOffer
}

export const INITIAL_DATA_ID = 'initial-data'

/** The data block's markup; "<" is escaped so no value can close the element. */
export function initialDataScript(data: InitialData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${INITIAL_DATA_ID}">${json}</script>`
}
