import * as z from 'zod/mini'

// Field primitives and limits shared by every entity schema, so a limit is written once.

/** SPEC.md section 5: non-space text, an at sign, non-space text, a dot, non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/
/** RFC 5321: an address is at most 254 octets. */
export const EMAIL_MAX = 254

/**
 * Beyond SPEC's pattern, what no real address contains and storage cannot hold: more than 254
 * UTF-8 bytes, control characters, or broken UTF-16 (a lone surrogate).
 */
export function isStorableEmail(email: string): boolean {
  return !LONE_SURROGATE.test(email) && !/\p{Cc}/u.test(email) && new TextEncoder().encode(email).length <= EMAIL_MAX
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
    .check(
      z.trim(),
      z.minLength(1, { error: requiredMessage }),
      z.regex(EMAIL_PATTERN, { error: invalidMessage }),
      z.refine(isStorableEmail, { error: invalidMessage }),
    )
}

/**
 * Absolute http(s) URLs, or root-relative paths for files the site serves itself.
 * Anything else (javascript:, data:, protocol-relative //host) is refused: these URLs end up in
 * href and src attributes and in window.open.
 */
export function isSafeUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\')
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
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

export const IdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))
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
