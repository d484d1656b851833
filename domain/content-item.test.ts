import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { firstIssue } from './fields'
import { ContentInputSchema } from './content-item'

const parse = (input: object) => {
  const result = z.safeParse(ContentInputSchema, { section: 'home', key: 'hero', ...input })
  return result.success ? 'ok' : firstIssue(result.error)
}

describe('a content item', () => {
  it('of type image must hold an http(s) or site-relative URL', () => {
    expect(parse({ type: 'image', value: 'https://example.com/a.jpg' })).toBe('ok')
    expect(parse({ type: 'image', value: '/images/a.svg' })).toBe('ok')
    expect(parse({ type: 'image', value: 'javascript:alert(1)' })).toBe('Image URL must be a valid URL')
    expect(parse({ type: 'image', value: 'data:image/svg+xml,<svg onload=alert(1)>' })).toBe('Image URL must be a valid URL')
    expect(parse({ type: 'image', value: '//evil.example/a.jpg' })).toBe('Image URL must be a valid URL')
  })

  it('of type json must parse, and text may hold anything', () => {
    expect(parse({ type: 'json', value: '["a"]' })).toBe('ok')
    expect(parse({ type: 'json', value: '["a"' })).toBe('Value must be valid JSON')
    expect(parse({ type: 'text', value: 'javascript:alert(1)' })).toBe('ok')
  })
})
