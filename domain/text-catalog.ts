import { DEFAULT_TEXTS, type TextKey, type TextSection } from './default-texts'
import { fitsLines, IMAGE_ALT_MAX, linesMessage, pictureDescriptionSpec } from './fields'
import { PAGES } from './route-map'

/**
 * Where every text of the public pages shows, in the coach's words: the admin's Content screen is
 * drawn from this list, and the content function checks list and image texts against it. Every
 * built-in text has exactly one entry (domain/text-catalog.test.ts keeps the two in step), so a
 * new text on a page needs its entry here to be editable.
 *
 * - `line`: one line (a title, a name); `paragraph`: a few sentences;
 * - `image`: an image address (a library file or a typed URL), with `alt`, the text that
 *   describes it for screen readers, kept as a text of its own (one line, at most IMAGE_ALT_MAX);
 * - `list`: a JSON list, edited item by item; `fields` name each item's parts, none for a list of
 *   plain sentences.
 */
export type ListField = { name: string; label: string; long?: boolean; optional?: boolean; max: number }

/** `key` is checked against the built-in texts by the helpers below and by the catalog's test. */
type EntryBase = { section: TextSection; key: string; label: string; hint?: string }
/** The text that describes a picture (its alt), edited with the picture. */
export type PictureAlt = { key: string; label: string; hint?: string }
export type CatalogEntry =
  | (EntryBase & { kind: 'line' | 'paragraph' })
  | (EntryBase & { kind: 'image'; alt?: PictureAlt })
  | (EntryBase & { kind: 'list'; itemName: string; fields: readonly ListField[] | null; itemMax?: number })

export type CatalogPlace = { name: string; entries: readonly CatalogEntry[]; alsoOn?: string }
export type CatalogPage = { id: string; name: string; path: string; places: readonly CatalogPlace[] }

/** Items a list may hold: more would not fit the page's grid, or the 20,000 characters of a value. */
export const LIST_MAX_ITEMS = 12

const TITLED_FIELDS = [
  { name: 'title', label: 'Title', max: 120 },
  { name: 'text', label: 'Text', long: true, max: 600 },
] as const satisfies readonly ListField[]

const line = <S extends TextSection>(section: S, key: TextKey<S>, label: string, hint?: string): CatalogEntry => ({
  section,
  key,
  label,
  kind: 'line',
  ...(hint && { hint }),
})
const paragraph = <S extends TextSection>(section: S, key: TextKey<S>, label: string, hint?: string): CatalogEntry => ({
  section,
  key,
  label,
  kind: 'paragraph',
  ...(hint && { hint }),
})

/** Each page's hero: the small line over the title, the title, and the sentence under it. */
const hero = (section: 'about' | 'services' | 'resources' | 'blog' | 'bookNow'): CatalogPlace => ({
  name: 'Page heading',
  entries: [
    line(section, 'eyebrow', 'Small line above the title'),
    line(section, 'title', 'Title'),
    paragraph(section, 'intro', 'Introduction'),
  ],
})

export const TEXT_CATALOG: readonly CatalogPage[] = [
  {
    id: 'home',
    name: 'Home page',
    path: PAGES.home.path,
    places: [
      {
        name: 'Welcome banner',
        entries: [
          line('home', 'heroEyebrow', 'Small line above the title'),
          line('home', 'heroTitle', 'Title'),
          paragraph('home', 'heroSubtitle', 'Introduction'),
        ],
      },
      {
        name: 'Vision and mission',
        alsoOn: 'About page',
        entries: [
          line('home', 'visionTitle', 'Vision heading'),
          paragraph('home', 'visionText', 'Vision'),
          line('home', 'missionTitle', 'Mission heading'),
          paragraph('home', 'missionText', 'Mission'),
        ],
      },
      {
        name: 'Why finance',
        entries: [
          line('home', 'whyFinanceTitle', 'Heading'),
          paragraph('home', 'whyFinanceText', 'Introduction'),
          { section: 'home', key: 'whyPoints', label: 'Reasons', kind: 'list', itemName: 'reason', fields: TITLED_FIELDS },
        ],
      },
      {
        name: 'Testimonials',
        entries: [
          line('home', 'testimonialsTitle', 'Heading'),
          {
            section: 'home',
            key: 'testimonials',
            label: 'Testimonials',
            kind: 'list',
            itemName: 'testimonial',
            fields: [
              { name: 'quote', label: 'Quote', long: true, max: 600 },
              { name: 'name', label: 'Name', max: 80 },
              { name: 'detail', label: 'Detail (optional)', optional: true, max: 80 },
            ],
          },
        ],
      },
      {
        name: 'Closing invitation',
        entries: [line('home', 'ctaTitle', 'Heading'), paragraph('home', 'ctaText', 'Text')],
      },
    ],
  },
  {
    id: 'about',
    name: 'About page',
    path: PAGES.about.path,
    places: [
      hero('about'),
      {
        name: 'Biography',
        entries: [
          {
            section: 'about',
            key: 'portrait',
            label: 'Portrait',
            kind: 'image',
            hint: 'A photo of you, upright (4:5). Without one, the page shows your initial.',
            alt: {
              key: 'portraitAlt' satisfies TextKey<'about'>,
              ...pictureDescriptionSpec('Grace smiling in a green blazer', 'Left empty, it says your name.'),
            },
          },
          paragraph('about', 'bio', 'Biography'),
          paragraph('about', 'story', 'My story'),
        ],
      },
      {
        name: 'What I believe',
        entries: [
          line('about', 'beliefsTitle', 'Heading'),
          { section: 'about', key: 'beliefs', label: 'Beliefs', kind: 'list', itemName: 'belief', fields: null, itemMax: 300 },
        ],
      },
    ],
  },
  {
    id: 'services',
    name: 'Services page',
    path: PAGES.services.path,
    places: [
      hero('services'),
      {
        name: 'Services',
        entries: [{ section: 'services', key: 'items', label: 'Services', kind: 'list', itemName: 'service', fields: TITLED_FIELDS }],
      },
    ],
  },
  { id: 'resources', name: 'Resources page', path: PAGES.resources.path, places: [hero('resources')] },
  { id: 'blog', name: 'Blog page', path: PAGES.blog.path, places: [hero('blog')] },
  { id: 'bookNow', name: 'Book Now page', path: PAGES.bookNow.path, places: [hero('bookNow')] },
  {
    id: 'everyPage',
    name: 'Every page',
    path: PAGES.home.path,
    places: [
      {
        name: 'Header and footer',
        entries: [
          line('site', 'siteName', 'Site name', 'Shown in the header, the footer and browser tabs.'),
          line('site', 'coachName', 'Your name', 'Its first word is used in buttons such as "Meet Grace".'),
          paragraph('site', 'footerTagline', 'Footer line'),
          paragraph(
            'site',
            'postalAddress',
            'Postal address',
            'Printed at the foot of every newsletter, as the law asks of bulk email. Newsletters cannot be sent without it.',
          ),
        ],
      },
    ],
  },
]

/** The catalog entry of a section and key, if the public pages use it. */
export function catalogEntry(section: string, key: string): CatalogEntry | undefined {
  for (const page of TEXT_CATALOG)
    for (const place of page.places) for (const entry of place.entries) if (entry.section === section && entry.key === key) return entry
  return undefined
}

/** The picture a text describes, when it is a picture's alt text (about.portraitAlt → the portrait). */
export function pictureOfAlt(section: string, key: string): Extract<CatalogEntry, { kind: 'image' }> | undefined {
  for (const page of TEXT_CATALOG)
    for (const place of page.places)
      for (const entry of place.entries) if (entry.kind === 'image' && entry.section === section && entry.alt?.key === key) return entry
  return undefined
}

/** What is wrong with a picture's alt text, or nothing: one line, at most IMAGE_ALT_MAX characters. */
export function altTextProblem(value: string): string | undefined {
  if (value.length > IMAGE_ALT_MAX) return `Picture description must be at most ${IMAGE_ALT_MAX} characters`
  if (!fitsLines(value, 'one')) return linesMessage('Picture description')
  return undefined
}

/**
 * How the admin's screens name a text of the public pages: its page and its label, as the Content
 * screen shows them ("Home page · Title"), with the place on the page between them when the page
 * has two texts of that label ("Home page · Closing invitation · Heading").
 */
export function textName(section: string, key: string): string | undefined {
  for (const page of TEXT_CATALOG)
    for (const place of page.places)
      for (const entry of place.entries) {
        if (entry.section !== section || entry.key !== key) continue
        const alike = page.places.flatMap((other) => other.entries).filter((other) => other.label === entry.label).length
        return alike > 1 ? `${page.name} · ${place.name} · ${entry.label}` : `${page.name} · ${entry.label}`
      }
  // A picture's description is edited with its picture, and named after it.
  const picture = pictureOfAlt(section, key)
  return picture && `${textName(picture.section, picture.key)} · Picture description`
}

/** The built-in value of an entry. */
export function builtInText(entry: CatalogEntry): string {
  return (DEFAULT_TEXTS[entry.section] as Record<string, string>)[entry.key] ?? ''
}

export type ListItem = string | Record<string, string>

/**
 * A list text's items, if `value` is one this entry's page can show (the page falls back to its
 * built-in list otherwise); lists of sentences also accept one per line, as pages do.
 */
export function parseListText(entry: Extract<CatalogEntry, { kind: 'list' }>, value: string): ListItem[] | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    if (entry.fields || value.trimStart().startsWith('[')) return null
    parsed = value
      .split('\n')
      .map((item) => item.trim())
      .filter(Boolean)
  }
  if (!Array.isArray(parsed)) return null
  const items: ListItem[] = []
  for (const item of parsed) {
    if (entry.fields === null) {
      if (typeof item !== 'string') return null
      items.push(item)
      continue
    }
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null
    const record: Record<string, string> = {}
    for (const field of entry.fields) {
      const part: unknown = (item as Record<string, unknown>)[field.name]
      if (part === undefined && field.optional) continue
      if (typeof part !== 'string') return null
      record[field.name] = part
    }
    items.push(record)
  }
  return items
}

/** The part that names a list's item (a title, a name): '' for a list of sentences. */
export function namingField(entry: Extract<CatalogEntry, { kind: 'list' }>): string {
  return entry.fields?.find((field) => !field.long)?.name ?? ''
}

/**
 * What is wrong with a list before it is saved, by item and field ("2.quote" → message), or
 * nothing. The admin form shows these beside the fields; the function refuses the same.
 */
export function listTextIssues(entry: Extract<CatalogEntry, { kind: 'list' }>, items: readonly ListItem[]): Record<string, string> {
  const issues: Record<string, string> = {}
  if (items.length === 0) issues.list = `Add at least one ${entry.itemName}`
  if (items.length > LIST_MAX_ITEMS) issues.list = `A list holds at most ${LIST_MAX_ITEMS} items`
  // A list of sentences is edited a sentence to a box of several lines (list-editor.tsx).
  const parts: readonly ListField[] = entry.fields ?? [{ name: '', label: 'Text', long: true, max: entry.itemMax ?? 600 }]
  // Pages tell items apart by their name (a title, a name), so two alike would blur.
  const naming = namingField(entry)
  const seen = new Set<string>()
  items.forEach((item, index) => {
    for (const field of parts) {
      const where = field.name ? `${index}.${field.name}` : `${index}`
      const part = (typeof item === 'string' ? item : item[field.name]) ?? ''
      const name = field.label.replace(/ \(optional\)$/, '')
      const first = field.name === naming ? part.trim().toLowerCase() : ''
      if (!field.optional && !part.trim()) issues[where] = `${name} is required`
      else if (part.length > field.max) issues[where] = `${name} must be at most ${field.max} characters`
      // A title or a name is one line on the page; a long text may run to several (One-line fields).
      else if (!fitsLines(part, field.long ? 'many' : 'one')) issues[where] = linesMessage(name, field.long ? 'many' : 'one')
      else if (first && seen.has(first)) issues[where] = `Another ${entry.itemName} already says this`
      if (first) seen.add(first)
    }
  })
  return issues
}
