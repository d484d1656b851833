import type { Limit } from './data/rate-limits'

/**
 * Per-person limits on moving the subscriber list in and out. An export reads the whole list, so a
 * few an hour is plenty; an import of the largest file (50,000 rows) is 50 requests, so the limit
 * allows four of those an hour.
 */
export const TRANSFER_LIMITS = {
  export: { scope: 'subscriber-export', max: 10, windowMs: 60 * 60_000 },
  import: { scope: 'subscriber-import', max: 200, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>
