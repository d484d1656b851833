import type { Frame, Page } from '@playwright/test'
import axe from 'axe-core'

/** What the browser tests hold every screen to: WCAG 2.2 AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** How long a frame may take to take axe in; one that does not (a frame still loading, or gone) is left out, as axe's own runner does. */
const INJECT_TIMEOUT_MS = 1_000

declare global {
  interface Window {
    axe?: typeof axe
  }
}

/** Puts axe-core into a frame that does not have it yet; false when the frame would not take it. */
async function injectInto(frame: Frame): Promise<boolean> {
  const inject = async () => {
    if (await frame.evaluate(() => window.axe !== undefined)) return
    await frame.evaluate(axe.source)
    // Only frames of the page's own origin report back, as in axe's legacy runner.
    await frame.evaluate(() => window.axe!.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }))
  }
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), INJECT_TIMEOUT_MS)))
  try {
    await Promise.race([inject(), timeout])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * axe's findings on the page as it is now, each named by its rule and the elements it found, so a
 * failure says where to look.
 *
 * What @axe-core/playwright's legacy mode does (axe.run in the page, same-origin frames included),
 * without its cost: it sends and compiles axe's 600 KB source twice for every scan, which took
 * two thirds of a scan here (about 0.4 s a scan against 0.12 s for the run itself). axe is put in
 * once per loaded page, so scans at two widths of one page share it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const [main, ...frames] = page.frames()
  if (!(await injectInto(main!))) throw new Error('axe-core could not be put into the page')
  for (const frame of frames) await injectInto(frame)
  return page.evaluate(async (tags) => {
    const results = await window.axe!.run(document, { runOnly: { type: 'tag', values: tags } })
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  }, WCAG_AA)
}
