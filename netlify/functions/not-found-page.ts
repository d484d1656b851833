import { notFoundPage } from '#domain/api/pages.ts'
import { renderNotFoundPage } from '#lib/pages/data-page.ts'
import { endpoint } from '#lib/http/endpoint.ts'

/**
 * Any address nothing else answers: the 404 page with the coach's texts (lib/pages/data-page.ts).
 * No config path: netlify.toml's last rewrite sends it every address no file, function or other
 * rule claims (a path of its own would run before those).
 */
export default endpoint(notFoundPage, {
  GET: ({ req, context }) => renderNotFoundPage(req, context),
})
