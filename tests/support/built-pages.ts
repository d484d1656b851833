import { PAGE_TEMPLATES, setBuiltPages, type BuiltPage } from '#lib/built-pages.ts'

/**
 * The built pages the functions render into, as scripts/prerender.ts writes them, reduced to what
 * page-render.ts looks for. Function tests have no build: setup-functions.ts hands these in before
 * every test, and a test that needs its own calls useBuiltPages.
 */
export const TEST_PAGE_TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Faithful Finances</title><meta name="description" content="Site" /></head><body><div id="root"><!--page--></div></body></html>'
export const TEST_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Faithful Finances</title></head><body><div id="root"></div></body></html>'

export const DEFAULT_BUILT_PAGES: Record<BuiltPage, string> = {
  'shell.html': TEST_SHELL,
  ...(Object.fromEntries(Object.values(PAGE_TEMPLATES).map((file) => [file, TEST_PAGE_TEMPLATE])) as Record<
    (typeof PAGE_TEMPLATES)[keyof typeof PAGE_TEMPLATES],
    string
  >),
}

/** The functions read these pages (a page left out is missing, as in a deploy without it) until the test ends. */
export function useBuiltPages(pages: Partial<Record<BuiltPage, string>>): void {
  setBuiltPages(async (file) => (Object.hasOwn(pages, file) ? pages[file] : undefined))
}

export function useDefaultBuiltPages(): void {
  useBuiltPages(DEFAULT_BUILT_PAGES)
}
