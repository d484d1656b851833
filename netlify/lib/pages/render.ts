import { createHash } from 'node:crypto'
// The app's own server renderer (src/entry-server.tsx), built by `npm run build` into .tmp/ssr and
// bundled into the function; see "imports" in package.json. Tests resolve it to the source.
import { render } from '#app-renderer'
import { devPolicy } from '#build/headers.ts'
import { initialDataScript, type InitialData } from '#domain/initial-data.ts'

/**
 * Pages rendered on request: a post (netlify/functions/blog-page.ts), the pages that show the
 * coach's texts and lists (netlify/lib/pages/data-page.ts), and the page a form's
 * function answers a browser's own post with (form-answer.ts). scripts/prerender.ts writes the
 * page each goes into (built-pages.ts reads it): the shell with that page's CSS inlined, its code
 * started after paint, its head tags, and this outlet in its root.
 */
export const PAGE_TEMPLATE_OUTLET = '<!--page-->'

const ROOT_WITH_OUTLET = `<div id="root">${PAGE_TEMPLATE_OUTLET}</div>`

/** Whether a fetched page is a built template (Vite's dev server answers its plain index.html). */
export function isPageTemplate(template: string): boolean {
  return template.includes(ROOT_WITH_OUTLET)
}

/**
 * The template with the page drawn into its root, and the data it was drawn with as the page's
 * data block: the browser's first render reads it, draws the same thing, and hydrates it.
 * `location` is the address drawn, when it has a query the page reads (the blog's topic).
 */
export async function renderIntoTemplate(template: string, data: InitialData, location = data.path): Promise<string> {
  const html = await render(location, data)
  return template.replace(ROOT_WITH_OUTLET, () => `<div id="root">${html}</div>\n    ${initialDataScript(data)}`)
}

/**
 * Under netlify dev, Vite's own page: nothing is drawn on the server (its modules are not built),
 * so the page's code draws it in the browser from the same data block.
 */
export function withDataBlock(page: string, data: InitialData): string {
  return page.replace('</body>', () => `  ${initialDataScript(data)}\n  </body>`)
}

/**
 * The page's policy, allowing its inline style blocks by their hashes (style-src 'self' alone
 * would refuse them); nothing else is allowed inline.
 */
export function policyAllowingStyles(policy: string, html: string): string {
  const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  )
  if (hashes.length === 0) return policy
  return policy.replace(/style-src 'self'/, `style-src 'self' ${hashes.join(' ')}`)
}

/**
 * The policy for a page fetched as it is (the unrendered shell of a missing post): the built
 * pages' own, but for Vite's dev server page, under netlify dev only, which needs devPolicy or
 * it stays blank.
 */
export function fetchedPagePolicy(page: string, policy: string, local: boolean): string {
  return local && page.includes('/@vite/client') ? devPolicy(policy) : policy
}
