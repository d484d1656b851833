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
 * characters), and the domain takes letters, digits and hyphens only. No two parts of the pattern
 * can match the same character, so it runs in linear time whatever it is given.
 */
export const EMAIL_PATTERN = /^[^\s@?&<>,;:"'`()[\]\\\p{Cc}]+@(?:[\p{L}\p{M}\p{N}-]+\.)+[\p{L}\p{M}\p{N}-]+$/u

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

/** Trimmed text that must not be empty; `message` is shown for empty and missing values alike. */
export function requiredText(message: string, max: number, label: string) {
  return z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: `${label} must be at most ${max} characters` }))
}

/** Trimmed text that may be left out or empty; empty becomes undefined. */
export function optionalText(max: number, label: string) {
  return z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: `${label} must be text` })
          .check(z.trim(), z.maxLength(max, { error: `${label} must be at most ${max} characters` })),
      ),
    ),
    z.transform((value) => (value ? value : undefined)),
  )
}

export function emailField(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .check(z.trim(), z.minLength(1, { error: requiredMessage }), z.refine(isValidEmail, { error: invalidMessage }))
}

export function urlField(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.minLength(1, { error: requiredMessage }),
      z.maxLength(2048, { error: invalidMessage }),
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
