import { describe, expect, it } from 'vitest'
import * as adminPostPreview from '#functions/admin-post-preview.ts'
import { renderMarkdown } from '#lib/pages/markdown.ts'
import { createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'
import { XSS_CORPUS } from '#tests/support/xss-corpus.ts'

useBlobsServer()

type PreviewBody = { success: boolean; html?: string; message?: string }
const preview = (authorization: string | undefined, body: unknown) =>
  call<PreviewBody>(adminPostPreview, {
    method: 'POST',
    path: '/api/admin/post-preview',
    body,
    headers: authorization ? { authorization } : {},
  })

describe('POST /api/admin/post-preview', () => {
  it('renders the body through the post page’s own markdown pipeline, storing nothing', async () => {
    const { authorization } = await createEditor()
    const content = ['# Title', '**bold** and *italic* and `code`', '- one\n- two', '1. first\n2. second', '✅ yes\n❌ no'].join('\n\n')

    const { status, body } = await preview(authorization, { content })

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, html: renderMarkdown(content) })
  })

  it('renders the XSS corpus as the post page does, with nothing left to run', async () => {
    const { authorization } = await createEditor()
    const content = XSS_CORPUS.slice(0, 300).join('\n\n')

    const { body } = await preview(authorization, { content })

    expect(body.html).toBe(renderMarkdown(content))
    // No script element, event handler attribute or script URL (their text, escaped, may remain). A
    // browser strips only control characters and spaces before a URL's scheme: a link that starts
    // with another kind of space (U+00A0, U+2028, ...) is a harmless relative address.
    expect(body.html).not.toMatch(/<script\b/i)
    expect(body.html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i)
    // Attribute values as the browser reads them: character references decoded.
    const decode = (value: string) =>
      value
        .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
        .replace(
          /&(amp|lt|gt|quot|colon|tab|newline);/gi,
          (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', colon: ':', tab: '\t', newline: '\n' })[name.toLowerCase()]!,
        )
    const urls = [...body.html!.matchAll(/(?:href|src)="([^"]*)"/gi)].map(([, url]) => decode(url!))
    expect(urls.length).toBeGreaterThan(10)
    expect(urls.filter((url) => new URL(url, 'https://example.com/').protocol === 'javascript:')).toEqual([])
  })

  it('is for signed-in editors and admins only, and refuses a body over the request limit', async () => {
    expect((await preview(undefined, { content: 'x' })).status).toBe(401)
    const { authorization } = await createEditor()
    const { status, body } = await preview(authorization, { content: 'x'.repeat(100_001) })
    expect(status).toBe(413)
    expect(body.success).toBe(false)
  })
})
