import { createHash } from 'node:crypto'
// The app's own server renderer (src/entry-server.tsx), built by `npm run build` into .tmp/ssr and
// bundled into the function; see "imports" in package.json. Tests resolve it to the source.
import { render } from '#app-renderer'
import type { RenderedPost } from '../../domain/blog-post'
import { initialDataScript } from '../../domain/initial-data'

/**
 * A post page as the server renders it (issue 5: a post reads and paints with no JavaScript, like
 * the prerendered pages). scripts/prerender.ts writes the page the post goes into: the shell with
 * the post page's CSS inlined and its code started after paint, and this outlet in its root.
 */
export const POST_TEMPLATE_FILE = 'post-shell.html'
export const POST_TEMPLATE_OUTLET = '<!--post-->'

/** Whether a fetched template is that page (Vite's dev server answers its plain index.html). */
export function isPostTemplate(template: string): boolean {
  return template.includes(`<div id="root">${POST_TEMPLATE_OUTLET}</div>`)
}

/**
 * The template with the post drawn into its root, and the post itself as the page's data block:
 * the browser's first render reads it, draws the same article, and hydrates it.
 */
export async function renderPostPage(template: string, post: RenderedPost): Promise<string> {
  const path = `/blog/${post.slug}`
  const html = await render(path, { path, post })
  return template.replace(
    `<div id="root">${POST_TEMPLATE_OUTLET}</div>`,
    () => `<div id="root">${html}</div>\n    ${initialDataScript({ path, post })}`,
  )
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
