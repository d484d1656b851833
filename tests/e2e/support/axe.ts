import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** What the browser tests hold every screen to: WCAG 2.2 AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * axe's findings on the page as it is now, each named by its rule and the elements it found, so a
 * failure says where to look.
 *
 * In axe's legacy mode: the default mode opens a second page for every scan to merge the results
 * of frames from other sites, which our pages do not have (the newsletter preview's frame is the
 * site's own, and same-site frames are scanned either way). Same findings, in half the time:
 * measured here, 0.25-0.6 s a scan instead of 0.45-1.05 s.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).setLegacyMode().analyze()
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
