import { describe, expect, it } from 'vitest'
import { render } from '#app-renderer'
import { PAGES } from '#domain/route-map.ts'

/**
 * The server's one way into the app (src/entry-server.tsx): the address and the data are its
 * arguments and travel down the tree as a prop, so renders in one process never see each other's.
 */
describe('render(url, initial)', () => {
  const answer = (message: string) => ({ form: 'booking' as const, ok: true, message, values: {} })

  it('draws each render with its own data, side by side', async () => {
    const path = PAGES.bookNow.path
    const [first, second, none] = await Promise.all([
      render(path, { path, answer: answer('First answer') }),
      render(path, { path, answer: answer('Second answer') }),
      render(path),
    ])
    expect(first).toContain('First answer')
    expect(first).not.toContain('Second answer')
    expect(second).toContain('Second answer')
    expect(second).not.toContain('First answer')
    expect(none).not.toMatch(/First answer|Second answer/)
  })

  it('leaves data rendered for another address alone', async () => {
    const html = await render(PAGES.bookNow.path, { path: PAGES.blog.path, answer: answer('Not here') })
    expect(html).not.toContain('Not here')
  })
})
