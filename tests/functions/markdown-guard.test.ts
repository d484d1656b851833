import { describe, expect, it } from 'vitest'
import { MAX_EMPHASIS, MAX_NESTING, tameMarkdown } from '#lib/pages/markdown-guard.ts'
import { renderMarkdown } from '#lib/pages/markdown.ts'
import { DEMO_POSTS } from '#lib/demo/content.ts'

/**
 * Post bodies that would make marked recurse until the stack runs out, or work for seconds, are
 * bounded before rendering (their timing is measured by the attack suite, tests/attack).
 */
describe('tameMarkdown', () => {
  it.each(DEMO_POSTS.map((post) => [post.title, post.content]))('leaves a real post as it is: %s', (_, content) => {
    expect(tameMarkdown(content)).toBe(content)
  })

  it('keeps at most MAX_NESTING quotes and lists open on a line, whatever the mix', () => {
    for (const unit of ['>', '> ', '- ', '- > ', '1. ', '* > 2) ']) {
      const html = renderMarkdown(`${unit.repeat(2_000)}deep`)
      const depth = Math.max(
        ...html
          .split(/(?=<)/)
          .map((_, i, parts) => parts.slice(0, i + 1).join(''))
          .map(openContainers),
      )
      expect(depth, unit).toBeLessThanOrEqual(MAX_NESTING)
      expect(html).toContain('deep')
    }
  })

  it(`turns emphasis markers past ${MAX_EMPHASIS} in a paragraph into text`, () => {
    const tamed = tameMarkdown('_a'.repeat(1_000))
    expect(tamed.match(/(?<!\\)_/g)).toHaveLength(MAX_EMPHASIS)
    // The next paragraph starts afresh.
    expect(tameMarkdown(`${'*a'.repeat(400)}\n\n*b*`).endsWith('\n\n*b*')).toBe(true)
  })

  it('shortens long runs of spaces', () => {
    expect(tameMarkdown(`a${' '.repeat(60_000)}b`).length).toBeLessThan(100)
  })
})

/** How many blockquote and list elements are open at the end of an HTML prefix. */
function openContainers(html: string): number {
  const opened = (html.match(/<(?:blockquote|ul|ol)[\s>]/g) ?? []).length
  const closed = (html.match(/<\/(?:blockquote|ul|ol)>/g) ?? []).length
  return opened - closed
}
