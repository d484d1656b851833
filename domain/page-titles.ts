// No zod here: the public pages import this on first load.
import { DEFAULT_TEXTS, type TextKey, type TextSection } from './default-texts'
import { siteText, type SiteTexts } from './site-texts'

/**
 * A text as the pages show it: the coach's when she has written one (blank counts as none), else
 * the built-in one. The site's useText and the functions that write a page's head both read texts
 * through this, so the head and the page never name a page differently.
 */
export function shownText<S extends TextSection>(texts: SiteTexts, section: S, key: TextKey<S>): string {
  const edited = siteText(texts, section, key)
  return edited?.trim() ? edited : (DEFAULT_TEXTS[section][key] as string)
}

/** The pages named in a browser tab otherwise than by their hero's title. */
export const PAGE_NAMES = { resources: 'Free Resources', blog: 'Blog', notFound: 'Page not found' } as const

/** What a browser tab, a search result and a link preview call a page; `null` for the home page. */
export function documentTitle(pageName: string | null, siteName: string): string {
  return pageName ? `${pageName} | ${siteName}` : `${siteName} | Faith-based financial coaching`
}
