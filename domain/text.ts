import { EXCERPT_FALLBACK_LENGTH } from './blog-post-display'

/**
 * Markdown to plain text, good enough for excerpts, descriptions and reading time. It runs on
 * post bodies of up to 100,000 characters, so every pattern is linear: no bracket, tag or line
 * pattern can run past the next opening of its own kind (a body of `[[[[…` or `<<<<…` costs one
 * pass, not one pass per bracket).
 */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^[\]]*)\]\([^()]*\)/g, (_, text: string) => text)
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, (_, text: string) => text)
    .replace(/<[^<>]*>/g, ' ')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/\*\*|__|[*_`]|~~/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** With no excerpt, the stripped content cut to 150 characters and an ellipsis (docs/product.md, Constants). */
export function excerptOf(post: { excerpt?: string; content?: string }): string {
  if (post.excerpt && post.excerpt.trim()) return post.excerpt.trim()
  const text = stripMarkdown(post.content ?? '')
  return text.length > EXCERPT_FALLBACK_LENGTH ? `${text.slice(0, EXCERPT_FALLBACK_LENGTH)}...` : text
}

/** URL slug from a title: lower-case ASCII words joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
  // Runs of dashes are single by now: trim one at each end (a pattern would scan dash runs again).
  const trimmed = trimDash(trimDash(slug.startsWith('-') ? slug.slice(1) : slug).slice(0, 80))
  return trimmed || 'post'
}

function trimDash(text: string): string {
  return text.endsWith('-') ? text.slice(0, -1) : text
}

/** Blog dates in US long format, e.g. "March 5, 2025". */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

/** Admin lists cut long content values to 200 characters and an ellipsis (docs/product.md, Constants). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text
}

/** An instant as a datetime-local field shows it: the reader's own clock, to the minute. */
export function toLocalInput(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A datetime-local value as an exact instant; what does not read as one is left for the schema to refuse. */
export function fromLocalInput(local: string): string {
  if (!local) return ''
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? local : date.toISOString()
}

/**
 * The admin's one way of writing when something happened, in her own time zone and locale (the
 * browser's): a moment, e.g. in American English "Nov 24, 2026, 9:00 AM" (with seconds: "9:00:41
 * AM"); or, with `time: false`, the day it happened, e.g. "November 24, 2026" (a sign-up, a
 * publication).
 */
export function formatDateTime(iso: string | null | undefined, { seconds = false, time = true } = {}): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return ''
  // No locale named: the browser's, so she reads dates the way her own device writes them.
  if (!time) return date.toLocaleDateString(undefined, { dateStyle: 'long' })
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' })
}

/** A count as the admin writes it, with thousands separated: "50,000". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US')
}

// How a booking slot is written lives in a module of its own, which the booking page loads with
// its calendar: pages that only write dates (the blog) then share this module without it.
export { formatSlot, formatSlotDay, type SlotStyle } from './slot-text'
