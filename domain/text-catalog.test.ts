import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { ContentInputSchema } from './content-item'
import { DEFAULT_TEXTS } from './default-texts'
import { firstIssue } from './fields'
import { builtInText, catalogEntry, LIST_MAX_ITEMS, listTextIssues, parseListText, TEXT_CATALOG, type CatalogEntry } from './text-catalog'

const entries = TEXT_CATALOG.flatMap((page) => page.places.flatMap((place) => place.entries))
const list = (section: string, key: string) => catalogEntry(section, key) as Extract<CatalogEntry, { kind: 'list' }>

const parse = (input: { section: string; key: string; value: string; type?: string }) => {
  const result = z.safeParse(ContentInputSchema, input)
  return result.success ? 'ok' : firstIssue(result.error)
}

describe('the text catalog', () => {
  it('lists every built-in text exactly once, and nothing else', () => {
    const builtIn = Object.entries(DEFAULT_TEXTS).flatMap(([section, texts]) => Object.keys(texts).map((key) => `${section}.${key}`))
    // A picture's description is a text of its own, edited with its picture.
    const listed = entries.flatMap((entry) => [
      `${entry.section}.${entry.key}`,
      ...(entry.kind === 'image' && entry.alt ? [`${entry.section}.${entry.alt.key}`] : []),
    ])
    expect([...listed].sort()).toEqual([...builtIn].sort())
    expect(new Set(listed).size).toBe(listed.length)
  })

  it('reads every built-in list as a list without a problem', () => {
    for (const entry of entries) {
      if (entry.kind !== 'list') continue
      const items = parseListText(entry, builtInText(entry))
      expect(items?.length, entry.key).toBeGreaterThan(0)
      expect(listTextIssues(entry, items!), entry.key).toEqual({})
    }
  })

  it('reads a list of sentences one per line, as the page does', () => {
    expect(parseListText(list('about', 'beliefs'), 'First\n\n  Second  ')).toEqual(['First', 'Second'])
    expect(parseListText(list('services', 'items'), 'First\nSecond')).toBeNull()
    expect(parseListText(list('services', 'items'), '[{"title":"A"}]')).toBeNull()
    expect(parseListText(list('home', 'testimonials'), '[{"quote":"Q","name":"N"}]')).toEqual([{ quote: 'Q', name: 'N' }])
  })

  it('names what is wrong with a list, item by item', () => {
    const services = list('services', 'items')
    expect(listTextIssues(services, [])).toEqual({ list: 'Add at least one service' })
    expect(
      listTextIssues(services, [
        { title: 'Coaching', text: 'One' },
        { title: ' coaching ', text: '' },
        { title: 'x'.repeat(121), text: 'Three' },
      ]),
    ).toEqual({
      '1.title': 'Another service already says this',
      '1.text': 'Text is required',
      '2.title': 'Title must be at most 120 characters',
    })
    expect(listTextIssues(list('home', 'testimonials'), [{ quote: 'Q', name: 'N' }])).toEqual({})
    expect(listTextIssues(list('about', 'beliefs'), ['One', '  '])).toEqual({ '1': 'Text is required' })
    const many = Array.from({ length: LIST_MAX_ITEMS + 1 }, (_, i) => `Belief ${i}`)
    expect(listTextIssues(list('about', 'beliefs'), many).list).toBe(`A list holds at most ${LIST_MAX_ITEMS} items`)
  })
})

describe('saving a text the pages show', () => {
  it('refuses a list the page could not show, with the first problem', () => {
    const testimonials = { section: 'home', key: 'testimonials', type: 'json' }
    expect(parse({ ...testimonials, value: '[{"quote":"Kind words","name":"Ann"}]' })).toBe('ok')
    expect(parse({ ...testimonials, value: '{"quote":"Kind words"}' })).toBe('This list must be a JSON list of testimonial items')
    expect(parse({ ...testimonials, value: '[{"quote":"Kind words"}]' })).toBe('This list must be a JSON list of testimonial items')
    expect(parse({ ...testimonials, value: '[{"quote":"","name":"Ann"}]' })).toBe('Quote is required')
    expect(parse({ ...testimonials, value: '[]' })).toBe('Add at least one testimonial')
  })

  it('keeps a picture text to addresses a page may load', () => {
    expect(parse({ section: 'about', key: 'portrait', value: '/media/abc/grace.webp' })).toBe('ok')
    expect(parse({ section: 'about', key: 'portrait', value: 'javascript:alert(1)' })).toBe('Image URL must be a valid URL')
  })

  it('leaves texts no page uses to the advanced form', () => {
    expect(parse({ section: 'extra', key: 'testimonials', value: '[]', type: 'json' })).toBe('ok')
    expect(parse({ section: 'home', key: 'constructor', value: 'x' })).toBe('ok')
    expect(catalogEntry('home', 'constructor')).toBeUndefined()
    expect(catalogEntry('__proto__', 'toString')).toBeUndefined()
  })
})
