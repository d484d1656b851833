import * as z from 'zod/mini'
import { isSafeUrl } from './safe-url'

export { isSafeUrl }

// Field primitives and limits shared by every entity schema, so a limit is written once.

/**
 * What a form shows for one field: its label, a hint under it and its length limit. Each entity
 * module declares these next to its schema, which reads the same limits, so the admin forms and
 * the functions never disagree on a name or a number.
 */
export type FieldSpec = { label: string; hint?: string; max?: number }

/** RFC 5321: an address is at most 254 octets. */
export const EMAIL_MAX = 254

/**
 * Some text, an at sign, and a domain of dot-separated labels. Addresses end up in email headers,
 * mailto: links and storage keys, so the local part refuses what could start another header,
 * recipient or query (whitespace, `? & < > , ; : " ' ( ) [ ] \`, a second `@`, control
 * characters), or look like another address (invisible and direction-changing characters), and the domain takes letters, digits and hyphens only. No two parts of the pattern
 * can match the same character, so it runs in linear time whatever it is given.
 */
export const EMAIL_PATTERN = /^[^\s@?&<>,;:"'`()[\]\\\p{Cc}\p{Cf}]+@(?:[\p{L}\p{M}\p{N}-]+\.)+[\p{L}\p{M}\p{N}-]+$/u

/**
 * The one email rule, for every form and function. The length is checked before the pattern
 * runs, so no pattern ever sees more than 254 bytes; broken UTF-16 (a lone surrogate) is refused
 * as storage cannot hold it.
 */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX || new TextEncoder().encode(email).length > EMAIL_MAX) return false
  return !LONE_SURROGATE.test(email) && EMAIL_PATTERN.test(email)
}
// String.prototype.isWellFormed, for browsers that predate it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * How many lines a text field holds (docs/decisions.md, One-line fields). Names, titles, subjects
 * and the like are `one` line: they end up on a line of an email, a header, a CSV cell or a log,
 * where a line break would start a line of the visitor's making. Messages and bodies are `many`.
 */
export type Lines = 'one' | 'many'

// C0 (tab and line feed included), DEL, C1 (NEL included) and the Unicode line and paragraph
// separators: whatever ends a line somewhere or draws nothing; and the direction overrides and
// isolates, which make a line read otherwise than it is written (`receipt \u202Efdp.exe`).
const BREAKS_A_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u
// The same, less the tab and the line breaks a text of many lines is made of. One character at a
// time: linear on any input.
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u

/** Plain text on one line: no control character, no line or paragraph separator. */
export function isOneLine(text: string): boolean {
  return !BREAKS_A_LINE.test(text)
}

/** Text of many lines: line breaks and tabs, but no other control character. */
export function isPlainText(text: string): boolean {
  return !CONTROL_IN_TEXT.test(text)
}

/** Whether a text fits its field's kind: one line, or many. */
export function fitsLines(text: string, lines: Lines = 'one'): boolean {
  return lines === 'one' ? isOneLine(text) : isPlainText(text)
}

/** What a field that does not fit says, e.g. "First Name must be plain text on one line". */
export function linesMessage(label: string, lines: Lines = 'one'): string {
  return lines === 'one' ? `${label} must be plain text on one line` : `${label} must not contain control characters`
}

/** The one check every text field runs, with its message: the form and the function refuse alike. */
export function linesCheck(label: string, lines: Lines = 'one') {
  return z.refine<string>((text) => fitsLines(text, lines), { error: linesMessage(label, lines) })
}

/**
 * Trimmed text that must not be empty; `message` is shown for empty and missing values alike.
 * One line unless `lines` says `many`.
 */
export function requiredText(message: string, max: number, label: string, lines: Lines = 'one') {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: `${label} must be at most ${max} characters` }),
      linesCheck(label, lines),
    )
}

/** Trimmed text that may be left out or empty; empty becomes undefined. One line unless `lines` says `many`. */
export function optionalText(max: number, label: string, lines: Lines = 'one') {
  return z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: `${label} must be text` })
          .check(z.trim(), z.maxLength(max, { error: `${label} must be at most ${max} characters` }), linesCheck(label, lines)),
      ),
    ),
    z.transform((value) => (value ? value : undefined)),
  )
}

/**
 * What a screen reader says in place of a picture: one line, short enough to be heard whole (a
 * sentence or two; screen readers read alt text without pause, and some cut it off near here).
 */
export const IMAGE_ALT_MAX = 250

/**
 * How every picture field asks for its description: the same label, and a hint with an example of
 * that picture and what an empty one means (`otherwise`).
 */
export const pictureDescriptionSpec = (example: string, otherwise = 'Leave it empty if the picture only decorates.') => ({
  label: 'Describe the picture',
  hint: `What a screen reader says in its place, e.g. "${example}". ${otherwise}`,
  max: IMAGE_ALT_MAX,
})

/** A picture's description (its alt text), optional: empty reads as a picture that only decorates. */
export function altTextField(label: string) {
  return optionalText(IMAGE_ALT_MAX, label)
}

export function emailField(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .check(z.trim(), z.minLength(1, { error: requiredMessage }), z.refine(isValidEmail, { error: invalidMessage }))
}

export function urlField(requiredMessage: string, invalidMessage: string) {
  return z.string({ error: requiredMessage }).check(
    z.trim(),
    z.minLength(1, { error: requiredMessage }),
    z.maxLength(2048, { error: invalidMessage }),
    // The URL parser drops tabs and line breaks: refused here, so what is stored is what was checked.
    z.refine(isOneLine, { error: invalidMessage }),
    z.refine(isSafeUrl, { error: invalidMessage }),
  )
}

export function optionalUrlField(invalidMessage: string) {
  return z.pipe(
    z.optional(
      z.nullable(
        z.string({ error: invalidMessage }).check(
          z.trim(),
          z.maxLength(2048, { error: invalidMessage }),
          z.refine(isOneLine, { error: invalidMessage }),
          z.refine((v) => v === '' || isSafeUrl(v), { error: invalidMessage }),
        ),
      ),
    ),
    z.transform((value) => (value ? value : undefined)),
  )
}

/**
 * Every record id, wherever it enters (bodies, paths, queries, stored documents): ids become parts
 * of storage keys, so nothing but letters, digits, `_` and `-` may pass.
 */
export const ID_PATTERN = /^[\w-]{1,64}$/
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value)
}
export function idField(message: string) {
  return z.string({ error: message }).check(z.refine(isId, { error: message }))
}
export const IdSchema = idField('Invalid id')

/** An entity's input with the id of the record it changes: what an update (PUT) sends. */
export function withRecordId<Shape extends z.core.$ZodLooseShape>(input: z.ZodMiniObject<Shape>, message: string) {
  return z.extend(input, { id: idField(message) })
}
export const IsoDateSchema = z.iso.datetime()

/** The first message of a failed parse: forms show one message at a time, in field order. */
export function firstIssue(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input'
}

/** Field name to its first message, for forms that show errors under each field. */
export function fieldIssues(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (!(field in out)) out[field] = issue.message
  }
  return out
}
