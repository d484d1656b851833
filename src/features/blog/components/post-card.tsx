import { Clock } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { PostSummary } from '#domain/blog-post.ts'
import { CARD_TAGS_MAX } from '#domain/blog-post-display.ts'
import { cardImage } from '#domain/image-src.ts'
import { postPath } from '#domain/route-map.ts'
import { excerptOf, formatLongDate } from '#domain/text.ts'
import { useImageFailed } from '#src/lib/use-image-failed.ts'
import styles from './post-card.module.css'

/** `first`: the list's first card, on screen when the list appears: its picture is fetched at once. */
export function PostCard({ post, first = false }: { post: PostSummary; first?: boolean }) {
  const [imageFailed, watchImage, onImageError] = useImageFailed()
  const date = post.publishedAt ?? post.createdAt
  return (
    <article className={`card card-tile ${styles.card}`}>
      {post.featuredImage && !imageFailed ? (
        <img
          ref={watchImage}
          className={styles.image}
          {...cardImage(post.featuredImage, first, post.featuredImageAlt)}
          onError={onImageError}
        />
      ) : (
        <div className={styles.placeholder} aria-hidden="true">
          <span>{post.title.charAt(0)}</span>
        </div>
      )}
      <div className="card-tile-body">
        {post.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {post.tags.slice(0, CARD_TAGS_MAX).map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <h2 className={styles.title}>
          <Link to={postPath(post.slug)} className={styles.link}>
            {post.title}
          </Link>
        </h2>
        <p className={styles.excerpt}>{excerptOf(post)}</p>
        <p className={styles.meta}>
          <time dateTime={date}>{formatLongDate(date)}</time>
          <span aria-hidden="true">·</span>
          <span className={styles.reading}>
            <Clock aria-hidden="true" size={15} />
            {post.readingMinutes} min read
          </span>
        </p>
      </div>
    </article>
  )
}
