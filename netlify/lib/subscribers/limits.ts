import type { Limit } from '#lib/data/rate-limits.ts'

/**
 * Per-person limits on moving the subscriber list in and out. An export reads the whole list, so a
 * few an hour is plenty; an import of the largest file (50,000 rows) is 50 requests, so the limit
 * allows four of those an hour. An import that asks people to confirm emails each new address:
 * 10 such requests (10,000 addresses) a day per person, so a stolen editor's account cannot make the
 * site mail hundreds of thousands of strangers and ruin its standing with mail providers, while a
 * real list of that size goes out over a day or two.
 */
export const TRANSFER_LIMITS = {
  export: { scope: 'subscriber-export', max: 10, windowMs: 60 * 60_000 },
  import: { scope: 'subscriber-import', max: 200, windowMs: 60 * 60_000 },
  importEmails: { scope: 'subscriber-import-emails', max: 10, windowMs: 24 * 60 * 60_000 },
} as const satisfies Record<string, Limit>
