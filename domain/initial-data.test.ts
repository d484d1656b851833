import { describe, expect, it } from 'vitest'
import type { RenderedPost } from './blog-post'
import { initialDataScript } from './initial-data'

describe('the data block a server-rendered page carries', () => {
  const hostile = '</script><script>window.__xss=1</script><!-- \u2028\u2029 </SCRIPT>'
  const post = { slug: 'a-post', title: hostile, html: `<p>${hostile}</p>`, content: hostile } as unknown as RenderedPost

  it('cannot be closed or broken out of by any value, and reads back exactly', () => {
    const block = initialDataScript({ path: '/blog/a-post', post })
    const body = /^<script type="application\/json" id="initial-data">([\s\S]*)<\/script>$/.exec(block)?.[1]
    expect(body).toBeDefined()
    expect(body).not.toMatch(/<\/?script|<!--/i)
    expect(body).not.toMatch(/[\u2028\u2029]/)
    expect(JSON.parse(body!)).toEqual({ path: '/blog/a-post', post })
  })
})
