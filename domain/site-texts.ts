// No zod here: the public pages import this on first load.
import type { ContentItem } from './content-item'

/** What the public pages read: section → key → value. */
export type SiteTexts = Record<string, Record<string, string>>

/**
 * Section and key are names someone typed: `constructor` or `__proto__` must be plain entries, so
 * the maps have no prototype (a `{}` would hand back, or let an edit overwrite, Object's own).
 */
export function toSiteTexts(items: readonly Pick<ContentItem, 'section' | 'key' | 'value'>[]): SiteTexts {
  const texts: SiteTexts = Object.create(null)
  for (const item of items) {
    const section = Object.hasOwn(texts, item.section)
      ? texts[item.section]!
      : (texts[item.section] = Object.create(null) as Record<string, string>)
    section[item.key] = item.value
  }
  return texts
}

/** An edited text from a section → key map, own entries only. */
export function siteText(texts: SiteTexts, section: string, key: string): string | undefined {
  const entries = Object.hasOwn(texts, section) ? texts[section] : undefined
  const value = entries && Object.hasOwn(entries, key) ? entries[key] : undefined
  return typeof value === 'string' ? value : undefined
}
