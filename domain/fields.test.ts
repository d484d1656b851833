import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { ForgotPasswordSchema, LoginSchema, UserInputSchema } from './admin-user'
import { PostInputSchema } from './blog-post'
import { BookingRequestSchema } from './booking'
import { ContentInputSchema } from './content-item'
import { firstIssue, isOneLine, isPlainText, isValidEmail } from './fields'
import { MediaStartSchema } from './media'
import { NewsletterInputSchema } from './newsletter'
import { ResourceInputSchema } from './resource'
import { ImportRequestSchema, statementProblem } from './subscriber-import'

/** Every character that breaks a line somewhere or draws nothing: C0, DEL, C1 and the Unicode separators. */
const BREAKERS = [
  ['a line feed', '\n'],
  ['a carriage return', '\r'],
  ['a tab', '\t'],
  ['NUL', '\u0000'],
  ['escape', '\u001b'],
  ['DEL', '\u007f'],
  ['NEL (C1)', '\u0085'],
  ['a C1 control', '\u009b'],
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
] as const

describe('isOneLine and isPlainText', () => {
  it.each(BREAKERS)('a one-line text refuses %s', (_name, character) => {
    expect(isOneLine(`Ann${character}Lee`)).toBe(false)
  })

  it.each([
    ['a right-to-left override', '\u202E'],
    ['a left-to-right embedding', '\u202A'],
    ['a first-strong isolate', '\u2068'],
  ])('a one-line text refuses %s, which makes it read otherwise than it is written', (_name, character) => {
    expect(isOneLine(`Your receipt ${character}fdp.exe`)).toBe(false)
  })

  it('a one-line text takes letters of any script, punctuation and emoji', () => {
    for (const text of ['Ann-Marie O\u2019Neil', 'Zoë', '李小龙', 'Grace 🙏', 'a & b <c> "d"']) expect(isOneLine(text), text).toBe(true)
  })

  it('a text of many lines keeps line breaks and tabs, but no other control character', () => {
    expect(isPlainText('one\ntwo\r\nthree\n\tindented\u2028four')).toBe(true)
    for (const [name, character] of BREAKERS.filter(([, c]) => !'\n\r\t\u2028\u2029'.includes(c)))
      expect(isPlainText(`one${character}two`), name).toBe(false)
  })

  it('runs in linear time on a long text', () => {
    const text = 'a'.repeat(1_000_000)
    const started = performance.now()
    expect(isOneLine(text) && isPlainText(text)).toBe(true)
    expect(performance.now() - started).toBeLessThan(500)
  })
})

type Case = {
  schema: z.ZodMiniType
  valid: Record<string, unknown>
  field: string
  label: string
  /** A good value, cut in two by each bad character. */
  sample?: [string, string]
  value?: (text: string) => unknown
  /** A message of the field's own that may come first (a value of many lines that is also a line of a page). */
  orElse?: string
}

const booking = { firstName: 'Ann', lastName: 'Lee', email: 'ann@test.example', country: 'Kenya', message: 'Hello' }
const post = { title: 'A title', excerpt: 'An excerpt.', content: 'The body.' }
const resource = { title: 'A guide', description: 'About it.', fileUrl: 'https://files.test.example/a.pdf' }
const user = { username: 'grace', email: 'grace@test.example', password: 'a long enough password' }

/** Every one-line field a form or a function reads, with the label its message names (docs/decisions.md, One-line fields). */
const ONE_LINE_FIELDS: Case[] = [
  { schema: BookingRequestSchema, valid: booking, field: 'firstName', label: 'First Name' },
  { schema: BookingRequestSchema, valid: booking, field: 'lastName', label: 'Last Name' },
  { schema: BookingRequestSchema, valid: booking, field: 'phone', label: 'Phone' },
  { schema: BookingRequestSchema, valid: booking, field: 'company', label: 'Company' },
  { schema: BookingRequestSchema, valid: booking, field: 'country', label: 'Country', sample: ['Ken', 'ya'] },
  { schema: BookingRequestSchema, valid: booking, field: 'service', label: 'Service' },
  { schema: PostInputSchema, valid: post, field: 'title', label: 'Title' },
  { schema: PostInputSchema, valid: post, field: 'tags', label: 'Each tag', value: (bad) => [bad] },
  { schema: ResourceInputSchema, valid: resource, field: 'title', label: 'Title' },
  { schema: NewsletterInputSchema, valid: { subject: 'News', body: 'Hello' }, field: 'subject', label: 'Subject' },
  { schema: UserInputSchema, valid: user, field: 'username', label: 'Username' },
  { schema: LoginSchema, valid: { username: 'grace', password: 'secret' }, field: 'username', label: 'Username' },
  { schema: ForgotPasswordSchema, valid: { identifier: 'grace' }, field: 'identifier', label: 'Username or email' },
  { schema: ContentInputSchema, valid: { section: 'home', key: 'heroTitle', value: 'Hi' }, field: 'section', label: 'Section' },
  { schema: ContentInputSchema, valid: { section: 'home', key: 'heroTitle', value: 'Hi' }, field: 'key', label: 'Key' },
  // A text the pages show as a line (a title, a name): the catalog says which.
  {
    schema: ContentInputSchema,
    valid: { section: 'home', key: 'heroTitle', value: 'Hi' },
    field: 'value',
    label: 'This text',
    orElse: 'Value must not contain control characters',
  },
]

const MANY_LINE_FIELDS: Case[] = [
  { schema: BookingRequestSchema, valid: booking, field: 'message', label: 'Your message' },
  { schema: PostInputSchema, valid: post, field: 'excerpt', label: 'Excerpt' },
  { schema: PostInputSchema, valid: post, field: 'content', label: 'Content' },
  { schema: ResourceInputSchema, valid: resource, field: 'description', label: 'Description' },
  { schema: NewsletterInputSchema, valid: { subject: 'News', body: 'Hello' }, field: 'body', label: 'Message' },
  { schema: ContentInputSchema, valid: { section: 'home', key: 'heroIntro', value: 'Hi' }, field: 'value', label: 'Value' },
  {
    schema: ImportRequestSchema,
    valid: { importId: 'import-1234', rows: [{ row: 2, email: 'a@test.example' }], consent: true, mode: 'confirmed' },
    field: 'statement',
    label: 'The statement',
  },
]

const issueOf = ({ schema, valid, field, value = (text) => text }: Case, text: string) => {
  const result = z.safeParse(schema, { ...valid, [field]: value(text) })
  return result.success ? 'ok' : firstIssue(result.error)
}

const named = (cases: Case[]) => cases.map((c) => [`${c.field} (${c.label})`, c] as const)

describe('one-line fields', () => {
  it.each(named(ONE_LINE_FIELDS))('%s refuses a line break in the middle, and every other control character', (_name, field) => {
    const [before, after] = field.sample ?? ['Ann', 'Lee']
    expect(issueOf(field, `${before}${after}`)).toBe('ok')
    const messages = [`${field.label} must be plain text on one line`, ...(field.orElse ? [field.orElse] : [])]
    for (const [name, character] of BREAKERS) expect(messages, name).toContain(issueOf(field, `${before}${character}${after}`))
  })
})

describe('fields of many lines', () => {
  it.each(named(MANY_LINE_FIELDS))('%s keeps line breaks and tabs, and refuses the other control characters', (_name, field) => {
    expect(issueOf(field, 'one\r\ntwo\n\tthree')).toBe('ok')
    expect(issueOf(field, 'one\u0000two')).toBe(`${field.label} must not contain control characters`)
    expect(issueOf(field, 'one\u0085two')).toBe(`${field.label} must not contain control characters`)
  })
})

describe("an import's consent statement", () => {
  it('is checked alike by the page (statementProblem) and the schema', () => {
    expect(statementProblem('They signed up at the spring workshop.\nOn paper.')).toBeNull()
    expect(statementProblem('They signed up\u0000 at the workshop.')).toBe('The statement must not contain control characters')
  })
})

describe('email addresses', () => {
  it('refuse invisible and direction-changing characters, which would show another address', () => {
    for (const email of ['gr\u202Eace@example.org', 'zw\u200B@example.org', 'spamme\u00AD@gmail.com', '\uFEFFann@example.org'])
      expect(isValidEmail(email), JSON.stringify(email)).toBe(false)
    expect(isValidEmail('grace@example.org')).toBe(true)
  })
})

describe('addresses', () => {
  it.each(BREAKERS)('refuse %s inside, which the URL parser would drop without a word', (_name, character) => {
    const post = (featuredImage: string) => z.safeParse(PostInputSchema, { title: 'T', excerpt: 'E', content: 'C', featuredImage })
    const resource = (fileUrl: string) => z.safeParse(ResourceInputSchema, { title: 'T', description: 'D', fileUrl })
    expect(post(`https://example.com/a${character}b.png`).success).toBe(false)
    expect(resource(`https://files.test.example/a${character}b.pdf`).success).toBe(false)
    expect(post('https://example.com/ab.png').success && resource('https://files.test.example/ab.pdf').success).toBe(true)
  })
})

describe('media file names', () => {
  it.each(BREAKERS)('refuse %s', (_name, character) => {
    expect(z.safeParse(MediaStartSchema, { name: `a${character}b.pdf`, size: 10 }).success).toBe(false)
  })

  it('refuse a right-to-left override, which could disguise the extension', () => {
    expect(z.safeParse(MediaStartSchema, { name: 'report\u202efdp.exe', size: 10 }).success).toBe(false)
    expect(z.safeParse(MediaStartSchema, { name: 'Report 2025.pdf', size: 10 }).success).toBe(true)
  })
})
