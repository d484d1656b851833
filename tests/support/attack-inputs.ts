import fc from 'fast-check'
import { MAX_BODY_BYTES } from '#lib/http/route.ts'
import { ATTACK_FULL } from './attack-scale'

/**
 * The hostile inputs of the attack suite (tests/attack). Each is named, so a failure says which
 * input did it.
 */

export type Named = { name: string; value: string; /** In the small run too. */ core?: boolean }

const named = (value: string, name = JSON.stringify(value)): Named => ({ name, value })
const core = (value: string, name?: string): Named => ({ ...named(value, name), core: true })

/** Ids, path parameters and record names that try to reach another key (the Blobs client puts keys into URL paths unencoded). */
export const TRAVERSAL_IDS: Named[] = [
  core('../index#'),
  core('..%2Findex'),
  core('index'),
  core('body/../../users/index'),
  core('%2e%2e'),
  named('%2e%2e/index'),
  named('..'),
  named('.'),
  core('a/b'),
  core('a?b'),
  core('a#b'),
  core('__proto__'),
  core('constructor'),
  core('x'.repeat(600), '"x" x 600'),
  named('é'.repeat(320), '"é" x 320 (640 bytes)'),
  core('ünïcødé ✓ 😀'),
  core(''),
  named(' '),
  named('a\\..\\index'),
  named('a\nb'),
  named('\u0000'),
  named('../../rate-limits/x'),
  named('body'),
  core('x'.repeat(64), '"x" x 64 (well-formed, unknown)'),
  named('x'.repeat(65), '"x" x 65'),
]

/** More of the same at full size: built from traversal parts, and arbitrary strings. */
export function extraIds(count: number, seed: number): Named[] {
  const part = fc.constantFrom('..', '.', '%2e%2e', '%2E.', '/', '\\', '#', '?', '%2F', '%00', 'index', 'body', '__proto__', 'a', '', '~', '😀', ' ')
  const built = fc.array(part, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''))
  const arbitrary = fc.oneof(built, fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: 'grapheme-ascii', maxLength: 700 }))
  return fc.sample(arbitrary, { numRuns: count, seed }).map((value) => named(value, `${JSON.stringify(value.slice(0, 60))}${value.length > 60 ? `…(${value.length})` : ''}`))
}

/** Page numbers for GET /api/subscribers?page=. */
export const HOSTILE_PAGES = ['0', '-1', '1e9', 'NaN', '__proto__', '1.5', '99999999999999999999', '', '1&page=2', '%00']

/** Pattern generators: n repetitions of something a regular expression or a parser may backtrack on. */
export type Pattern = { name: string; make: (n: number) => string }

const pattern = (name: string, make: (n: number) => string): Pattern => ({ name, make })

export const PATTERNS: Pattern[] = [
  pattern('"@." x N + " x"', (n) => '@.'.repeat(n) + ' x'),
  pattern('"a@" + "a." x N', (n) => 'a@' + 'a.'.repeat(n)),
  pattern('"a@" x N + " "', (n) => 'a@'.repeat(n) + ' '),
  pattern('"![" x N', (n) => '!['.repeat(n)),
  pattern('"[" x N', (n) => '['.repeat(n)),
  pattern('"<" x N', (n) => '<'.repeat(n)),
  pattern('"-" x N + "!"', (n) => '-'.repeat(n) + '!'),
  pattern('" " x N + "x"', (n) => ' '.repeat(n) + 'x'),
  pattern('"x" + " \\t" x N + "x"', (n) => 'x' + ' \t'.repeat(n) + 'x'),
  pattern('">" x N', (n) => '>'.repeat(n)),
  pattern('"*" x N', (n) => '*'.repeat(n)),
  pattern('"_" x N', (n) => '_'.repeat(n)),
  pattern('"`" x N', (n) => '`'.repeat(n)),
  pattern('"#" x N + " x"', (n) => '#'.repeat(n) + ' x'),
  pattern('"[a](" x N', (n) => '[a]('.repeat(n)),
  pattern('"<a " x N', (n) => '<a '.repeat(n)),
  pattern('"a." x N + "@"', (n) => 'a.'.repeat(n) + '@'),
  pattern('"- " x N + "x"', (n) => '- '.repeat(n) + 'x'),
  pattern('"**a" x N', (n) => '**a'.repeat(n)),
  pattern('"x\\n" x N', (n) => 'x\n'.repeat(n)),
]

/** The patterns at small size: the email one everywhere, and a rotating few more per field. */
export function patternsFor(fieldIndex: number, isEmail: boolean): Pattern[] {
  if (ATTACK_FULL) return PATTERNS
  const picked = new Set<Pattern>()
  if (isEmail) picked.add(PATTERNS[0]!)
  for (let k = 0; picked.size < (isEmail ? 4 : 3) && k < PATTERNS.length; k++) picked.add(PATTERNS[(fieldIndex * 3 + k) % PATTERNS.length]!)
  return [...picked]
}

/**
 * The longest value of a pattern that keeps `wrap(value)` (the whole body or query) within
 * `limit` bytes: the inputs sit at the body-size limit, where a slow pattern is slowest.
 */
export function fillTo(limit: number, p: Pattern, wrap: (value: string) => string): string {
  const size = (n: number) => Buffer.byteLength(wrap(p.make(n)))
  let low = 0
  let high = 1
  while (size(high) <= limit) high *= 2
  while (high - low > 1) {
    const middle = (low + high) >> 1
    if (size(middle) <= limit) low = middle
    else high = middle
  }
  return p.make(low)
}

/** Just under the body-size limit, so the body is read and parsed (not refused for its size). */
export const BODY_LIMIT = MAX_BODY_BYTES - 16

/** Names every JavaScript object already has. */
export const BUILTIN_NAMES = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'keys']
export const MORE_BUILTIN_NAMES = ['isPrototypeOf', 'toJSON', 'then', '__defineGetter__', 'propertyIsEnumerable', 'toLocaleString', 'length', 'site']

/** Special replacement patterns of String.prototype.replace. */
export const REPLACEMENT_PATTERNS = ['$&', "$'", '$`', '$1', '$<name>', '$$', '$0', '$']

/** Addresses that try to add a recipient or a header. */
export const INJECTED_EMAILS: Named[] = [
  named('me@x.co?bcc=someone@else.example'),
  named('a@b.cc<victim@example.com>'),
  named('a@b.cc,c@d.ee'),
  named('"a"@b.cc'),
  named('a@b.cc\r\nBcc: x@y.zz'),
  named('a@b.cc%0aBcc:x@y.zz'),
  named('a@b.cc\nBcc: x@y.zz'),
  named('a@b.cc;c@d.ee'),
  named('Name <a@b.cc>'),
  named('<a@b.cc>'),
  named('a@b.cc>'),
  named('a@b.cc (comment)'),
  named('a@b.cc\u2028Bcc: x@y.zz'),
  named('a@b.cc\u0085Bcc: x@y.zz'),
  named('"a,b<c@d.ee>"@b.cc'),
  named('a@b.cc&bcc=x@y.zz'),
  named('mailto:a@b.cc'),
  named('a@[127.0.0.1]'),
  named('=?utf-8?q?a=0ABcc:x@y.zz?=@b.cc'),
  named('a@b.cc\tBcc:x@y.zz'),
]

/** Names that try to add a header to the email they are put in. */
export const INJECTED_NAMES: Named[] = [
  named('Grace\r\nBcc: x@y.zz'),
  named('Grace\nBcc: x@y.zz'),
  named('Grace\rBcc: x@y.zz'),
  named('Grace%0d%0aBcc: x@y.zz'),
  named('Grace\u2028Bcc: x@y.zz'),
]

const ATEXT = "[\\w!#$%&'*+/=?^`{|}~-]"
const LABEL = '[A-Za-z0-9\\u0080-\\uFFFF](?:[A-Za-z0-9\\u0080-\\uFFFF-]{0,62}[A-Za-z0-9\\u0080-\\uFFFF])?'
const PLAIN_ADDRESS = new RegExp(`^(?:${ATEXT}+(?:\\.${ATEXT}+)*|"[^"\\\\\\r\\n,<>;:]*")@${LABEL}(?:\\.${LABEL})+$`, 'u')

/** Why a recipient is not exactly one plain address (no display name, no second recipient, no header), or null. */
export function singleAddressProblem(value: unknown): string | null {
  if (Array.isArray(value)) return value.length === 1 ? singleAddressProblem(value[0]) : `${value.length} recipients`
  if (typeof value === 'object' && value !== null && 'email' in value) return singleAddressProblem((value as { email: unknown }).email)
  if (typeof value !== 'string') return `not an address: ${JSON.stringify(value)}`
  if (/[\r\n]/.test(value)) return `CR/LF in ${JSON.stringify(value)}`
  if (!PLAIN_ADDRESS.test(value)) return `not one plain address: ${JSON.stringify(value)}`
  return null
}

/** HTML text and attribute values back to text. */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase()
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16))
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)))
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? _
  })
}
