import { sizedImage } from '#domain/image-src.ts'
import { useImageText, useText } from './site-texts'

/**
 * The coach's portrait (the About page's picture text), or her initial on a soft tile until she
 * has one. Both fill the same box, which the caller's class sizes, so nothing moves when the
 * picture arrives with the edited texts.
 */
export function CoachPortrait({
  className,
  width,
  height,
  sizes,
  priority = false,
}: {
  className?: string
  width: number
  height: number
  /** The width the layout gives the picture, for choosing a size (`sizes`). */
  sizes: string
  /** On screen as the page opens (About): fetched at once rather than when laid out. */
  priority?: boolean
}) {
  const coachName = useText('site', 'coachName')
  const portrait = useImageText('about', 'portrait')
  // What she wrote the picture shows; her name until she has.
  const description = useText('about', 'portraitAlt').trim()
  if (!portrait)
    return (
      <div className={className} aria-hidden="true">
        <span>{coachName.charAt(0)}</span>
      </div>
    )
  return (
    <img
      className={className}
      {...sizedImage(portrait, [width / 2, width], sizes)}
      alt={description || coachName}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  )
}
