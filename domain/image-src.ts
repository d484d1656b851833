// No zod here: the public pages size their pictures with it on first load.

/** The widths a picture is offered at (a srcset): a phone's column up to a wide screen's, at 2x. */
export const IMAGE_WIDTHS = [320, 480, 720, 960, 1280] as const

/**
 * A site image at a width, resized and re-encoded (WebP or AVIF when the browser takes them) by
 * Netlify's Image CDN, which also answers under `netlify serve` and `netlify dev`. Only this
 * site's own paths go through it; an outside address is left as it is (the CDN serves only
 * remote hosts listed in netlify.toml).
 */
export function imageSrc(url: string, width: number): string {
  // A drawing (SVG) has no pixels to resize; the CDN would only convert it.
  if (!url.startsWith('/') || url.startsWith('//') || /\.svg(?:$|[?#])/i.test(url)) return url
  return `/.netlify/images?url=${encodeURIComponent(url)}&w=${width}`
}

/** A srcset for an image: each width through the Image CDN; empty for an outside address. */
export function imageSrcSet(url: string, widths: readonly number[] = IMAGE_WIDTHS): string {
  if (imageSrc(url, widths[0] ?? 0) === url) return ''
  return widths.map((width) => `${imageSrc(url, width)} ${width}w`).join(', ')
}

/**
 * The src, srcset and sizes of a site picture: the browser picks the width that fits `sizes`
 * (what the layout gives the picture) at the screen's density. An outside address is left as it is.
 */
export function sizedImage(url: string, widths: readonly number[], sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(url, widths)
  if (!srcSet) return { src: url }
  return { src: imageSrc(url, widths[Math.floor((widths.length - 1) / 2)] ?? widths[0] ?? 640), srcSet, sizes }
}

/** Card pictures: a third of a wide screen, half of a tablet's, a phone's whole width. */
export const CARD_IMAGE_WIDTHS = [320, 480, 720, 960] as const
export const CARD_IMAGE_SIZES = '(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw'

/**
 * A card's picture (16:9) in the sizes a card is shown at, with the description the coach gave
 * it; without one it is decorative (alt=""), as the card's title says what the card is. The list's
 * first card is on screen when the list appears: its picture is fetched at once.
 */
export function cardImage(url: string, first: boolean, alt = '') {
  const priority = first ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const)
  return { ...sizedImage(url, CARD_IMAGE_WIDTHS, CARD_IMAGE_SIZES), alt: alt.trim(), width: 640, height: 360, ...priority }
}

/** A post's featured picture: the reading column (at most 42rem), or the screen's width. */
export const FEATURED_IMAGE_SIZES = '(min-width: 45rem) 42rem, 100vw'
