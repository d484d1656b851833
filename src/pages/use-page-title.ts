import { useEffect } from 'react'
import { useText } from '../features/content/site-texts'

/** Sets the document title as "<page> | <site name>", or the site name alone for the home page. */
export function usePageTitle(title: string | null) {
  const siteName = useText('site', 'siteName')
  useEffect(() => {
    document.title = title ? `${title} | ${siteName}` : `${siteName} | Faith-based financial coaching`
  }, [title, siteName])
}

/** The editable title and intro of an inner page's hero; the title also names the document. */
export function usePageTexts(section: 'about' | 'services' | 'bookNow') {
  const title = useText(section, 'title')
  const intro = useText(section, 'intro')
  usePageTitle(title)
  return { title, intro }
}
