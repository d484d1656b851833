import { ArrowLeft, Clock } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { RenderedPost } from '#domain/blog-post.ts'
import { BLOG_MESSAGES } from '#domain/blog-post-display.ts'
import { FEATURED_IMAGE_SIZES, IMAGE_WIDTHS, sizedImage } from '#domain/image-src.ts'
import { blogTagPath, postPath } from '#domain/route-map.ts'
import { formatDateTime, formatLongDate } from '#domain/text.ts'
import { Loading } from '#src/components/ui/loading.tsx'
import { NotFoundMessage } from '#src/components/ui/not-found-message.tsx'
import { Settled } from '#src/components/ui/settled.tsx'
import type { PostResult } from '#src/features/blog/api/get-post.ts'
import { NewsletterForm } from '#src/features/newsletter/newsletter-form.tsx'
import { useImageFailed } from '#src/lib/use-image-failed.ts'
import { usePageTitle } from './use-page-title'
import styles from './blog-post.module.css'

export function BlogPostPage({ post }: { post: Promise<PostResult> }) {
  return (
    <Settled promise={post} fallback={<Loading label="Loading post…" reserve />}>
      {(result) =>
        'post' in result ? (
          <Article post={result.post} draft={result.draft} />
        ) : (
          <PostNotFound reason={result.error === 'not-found' ? BLOG_MESSAGES.notFound : BLOG_MESSAGES.loadFailed} />
        )
      }
    </Settled>
  )
}

function Article({ post, draft }: { post: RenderedPost; draft?: true }) {
  usePageTitle(post.title)
  // Opened at a former address (its slug was edited since): show the one it has now.
  const { pathname } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    if (!draft && pathname !== postPath(post.slug)) void navigate(postPath(post.slug), { replace: true })
  }, [draft, pathname, post.slug, navigate])
  const [imageFailed, watchImage, onImageError] = useImageFailed()
  const date = post.publishedAt ?? post.createdAt

  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <div className={styles.narrow}>
          {draft && (
            <p className={styles.draftNotice} role="note">
              <strong>{post.publishAt ? `Scheduled for ${formatDateTime(post.publishAt)}.` : 'Draft.'}</strong> {BLOG_MESSAGES.draftNotice}
            </p>
          )}
          <nav aria-label="Breadcrumb">
            <ol className={styles.breadcrumb}>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/blog">Blog</Link>
              </li>
              <li aria-current="page">{post.title}</li>
            </ol>
          </nav>
          {post.tags.length > 0 && (
            <ul className={styles.tags} aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link className="tag" to={blogTagPath(tag)}>
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <h1 className={styles.title}>{post.title}</h1>
          <div className={styles.byline}>
            <span className={styles.initial} aria-hidden="true">
              {post.author.charAt(0).toUpperCase()}
            </span>
            <span>
              <span className={styles.author}>{post.author}</span>
              <span className={styles.meta}>
                <time dateTime={date}>{formatLongDate(date)}</time>
                <span aria-hidden="true"> · </span>
                <Clock aria-hidden="true" size={14} className={styles.clock} />
                {post.readingMinutes} min read
              </span>
            </span>
          </div>
        </div>
      </header>

      <div className={styles.narrow}>
        {post.featuredImage && !imageFailed && (
          <img
            ref={watchImage}
            className={styles.featured}
            {...sizedImage(post.featuredImage, IMAGE_WIDTHS, FEATURED_IMAGE_SIZES)}
            alt={post.featuredImageAlt?.trim() ?? ''}
            fetchPriority="high"
            width={1200}
            height={630}
            onError={onImageError}
          />
        )}
        {post.excerpt && <p className={styles.excerpt}>{post.excerpt}</p>}
        {/* Rendered by the server with marked and an allowlist sanitizer (netlify/lib/pages/markdown.ts). */}
        <div className={`prose ${styles.body}`} dangerouslySetInnerHTML={{ __html: post.html }} />
        <Link to="/blog" className={`btn btn-outline ${styles.back}`}>
          <ArrowLeft aria-hidden="true" size={18} />
          Back to Blog
        </Link>
        <div className={styles.newsletter}>
          <NewsletterForm />
        </div>
      </div>
    </article>
  )
}

function PostNotFound({ reason }: { reason: string }) {
  usePageTitle('Post Not Found')
  return (
    <NotFoundMessage
      title="Post Not Found"
      reason={reason}
      back={{ to: '/blog', label: 'Back to Blog', icon: <ArrowLeft aria-hidden="true" size={18} />, tone: 'secondary' }}
    />
  )
}
