import { useSearchParams } from 'react-router-dom'
import type { PostSummary } from '../../domain/blog-post'
import { BLOG_MESSAGES } from '../../domain/blog-post-display'
import { EmptyState } from '../components/ui/empty-state'
import { Settled } from '../components/ui/settled'
import { Loading } from '../components/ui/loading'
import { PostCard } from '../features/blog/components/post-card'
import { NewsletterForm } from '../features/newsletter/newsletter-form'
import { usePageTitle } from './use-page-title'
import styles from './blog.module.css'

export function BlogPage({ posts }: { posts: Promise<PostSummary[]> }) {
  usePageTitle('Blog')
  const [params, setParams] = useSearchParams()
  const tag = params.get('tag')
  const showAll = () => setParams({}, { replace: true })

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Blog</span>
          <h1>Encouragement for everyday money decisions</h1>
          <p>Practical, faith-rooted articles on budgeting, marriage and money, debt, saving and generosity.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <Settled promise={posts} fallback={<Loading label="Loading posts…" reserve />}>
            {(list) => {
              const tags = [...new Set(list.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b))
              const shown = tag ? list.filter((post) => post.tags.includes(tag)) : list
              return (
                <>
                  {tags.length > 0 && (
                    <div className="filter-bar" role="group" aria-label="Filter by topic">
                      <button type="button" className="filter-chip" aria-pressed={tag === null} onClick={showAll}>
                        {BLOG_MESSAGES.allPosts}
                      </button>
                      {tags.map((t) => (
                        <button
                          key={t}
                          type="button"
                          className="filter-chip"
                          aria-pressed={tag === t}
                          onClick={() => setParams({ tag: t }, { replace: true })}
                        >
                          {t}
                        </button>
                      ))}
                    </div>
                  )}
                  {shown.length > 0 ? (
                    <ul className="grid grid-3" aria-label="Posts">
                      {shown.map((post) => (
                        <li key={post.id} className="list-reset">
                          <PostCard post={post} />
                        </li>
                      ))}
                    </ul>
                  ) : tag ? (
                    <EmptyState
                      message={BLOG_MESSAGES.emptyForTag(tag)}
                      action={
                        <button type="button" className="btn btn-outline" onClick={showAll}>
                          {BLOG_MESSAGES.viewAll}
                        </button>
                      }
                    />
                  ) : (
                    <EmptyState message={BLOG_MESSAGES.empty} />
                  )}
                </>
              )
            }}
          </Settled>
          <div className={styles.newsletter}>
            <NewsletterForm />
          </div>
        </div>
      </section>
    </>
  )
}
