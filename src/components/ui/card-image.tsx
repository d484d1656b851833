import type { ReactNode } from 'react'
import { CARD_IMAGE_SIZES, CARD_IMAGE_WIDTHS, sizedImage } from '#domain/image-src.ts'
import { useImageFailed } from '#src/lib/use-image-failed.ts'

type CardImageProps = {
  /** The picture's address; without one, or when it fails to load, `fallback` stands in its place. */
  src: string | undefined
  fallback: ReactNode
  /** The list's first card, on screen when the list appears: its picture is fetched at once. */
  first: boolean
  className?: string
}

/**
 * A card's picture (16:9, in the sizes a card is shown at), decorative: the card's title says what
 * it is. A picture that fails, even before the page's code has arrived, gives way to `fallback`.
 */
export function CardImage({ src, fallback, first, className }: CardImageProps) {
  const [failed, watch, onError] = useImageFailed()
  if (!src || failed) return <>{fallback}</>
  return (
    <img
      ref={watch}
      className={className}
      {...sizedImage(src, CARD_IMAGE_WIDTHS, CARD_IMAGE_SIZES)}
      alt=""
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      width={640}
      height={360}
      onError={onError}
    />
  )
}
