import { useCallback, useState } from 'react'

/**
 * Whether a picture failed to load, for cards and pages that then show something else. A picture
 * drawn on the server may have failed before the page's code arrived, when no onError was there
 * to see it: so the element is also checked as soon as the code takes it over. Answers whether it
 * failed, the callback ref to give the <img>, and its onError.
 */
export function useImageFailed() {
  const [failed, setFailed] = useState(false)
  const watch = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true)
  }, [])
  const onError = useCallback(() => setFailed(true), [])
  return [failed, watch, onError] as const
}
