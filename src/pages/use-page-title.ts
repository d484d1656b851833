import { useEffect } from 'react'
import { documentTitle } from '#domain/page-titles.ts'
import { useText } from '#src/features/content/site-texts.tsx'

/**
 * Sets the document title as "<page> | <site name>", or the site name alone for the home page. The
 * pages rendered on request carry the same title in their head already (domain/page-titles.ts).
 */
export function usePageTitle(title: string | null) {
  const siteName = useText('site', 'siteName')
  useEffect(() => {
    document.title = documentTitle(title, siteName)
  }, [title, siteName])
}

type HeroSection = 'about' | 'services' | 'bookNow' | 'resources' | 'blog'

/**
 * The editable eyebrow, title and intro of an inner page's hero. The document is named by the
 * hero's title, or by `documentTitle` where the page's name is not its hero title (Blog, Free Resources).
 */
export function usePageTexts(section: HeroSection, documentTitle?: string) {
  const eyebrow = useText(section, 'eyebrow')
  const title = useText(section, 'title')
  const intro = useText(section, 'intro')
  usePageTitle(documentTitle ?? title)
  return { eyebrow, title, intro }
}
