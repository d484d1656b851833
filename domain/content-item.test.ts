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

describe('a list text', () => {
  const services = (items: unknown) => parse({ section: 'services', key: 'items', type: 'json', value: JSON.stringify(items) })

  it('keeps a title on one line and lets a text run to several (docs/decisions.md, One-line fields)', () => {
    expect(services([{ title: 'Coaching', text: 'One to one.\nWeekly.' }])).toBe('ok')
    expect(services([{ title: 'Coaching\nEmail: x@evil.example', text: 'One to one.' }])).toBe('Title must be plain text on one line')
    expect(services([{ title: 'Coaching', text: 'One to one.\u0000' }])).toBe('Text must not contain control characters')
  })

  it('of sentences keeps line breaks in a sentence but no other control character', () => {
    const beliefs = (items: string[]) => parse({ section: 'about', key: 'beliefs', type: 'json', value: JSON.stringify(items) })
    expect(beliefs(['God owns it all;\nwe manage it.'])).toBe('ok')
    expect(beliefs(['God owns it all\u0007'])).toBe('Text must not contain control characters')
  })
})

describe('an image address', () => {
  it('is one line: the URL parser would quietly drop what a line break hides', () => {
    expect(parse({ type: 'image', value: 'https://example.com/a.jpg\n' })).toBe('ok')
    expect(parse({ type: 'image', value: 'https://example.com/a\n.jpg' })).toBe('Image URL must be a valid URL')
    expect(parse({ section: 'about', key: 'portrait', type: 'text', value: '/media/a\tb/x.png' })).toBe('Image URL must be a valid URL')
  })
})
