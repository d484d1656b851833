import { useNavigate, useSearchParams } from 'react-router-dom'
import { PAGE_NAMES } from '#domain/page-titles.ts'
import type { PostSummary } from '#domain/blog-post.ts'
import { BLOG_MESSAGES } from '#domain/blog-post-display.ts'
import { blogTagPath, PAGES } from '#domain/route-map.ts'
import { CardGrid } from '#src/components/ui/card-grid.tsx'
import { FilteredEmptyState } from '#src/components/ui/empty-state.tsx'
import { FilterBar } from '#src/components/ui/filter-bar.tsx'
import { Settled } from '#src/components/ui/settled.tsx'
import { Loading } from '#src/components/ui/loading.tsx'
import { PostCard } from '#src/features/blog/components/post-card.tsx'
import { NewsletterForm } from '#src/features/newsletter/newsletter-form.tsx'
import { usePageTexts } from './use-page-title'
import styles from './blog.module.css'
import { PageHero } from '#src/components/ui/page-hero.tsx'

export function BlogPage({ posts }: { posts: Promise<PostSummary[]> }) {
  const hero = usePageTexts('blog', PAGE_NAMES.blog)
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const tag = params.get('tag')
  // The topic's one address (blogTagPath), the one the server keeps a copy of; a reload asks for it as it is.
  const select = (next: string | null) => navigate(next === null ? PAGES.blog.path : blogTagPath(next), { replace: true })
  const showAll = () => select(null)

  return (
    <>
      <PageHero {...hero} />
      <section className="section">
        <div className="container">
          <Settled promise={posts} fallback={<Loading label="Loading posts…" reserve />}>
            {(list) => {
              const tags = [...new Set(list.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b))
              const shown = tag ? list.filter((post) => post.tags.includes(tag)) : list
              const options = [{ value: null, label: BLOG_MESSAGES.allPosts }, ...tags.map((t) => ({ value: t, label: t }))]
              return (
                <>
                  {tags.length > 0 && <FilterBar label="Filter by topic" options={options} selected={tag} onSelect={select} />}
                  {shown.length > 0 ? (
                    <CardGrid label="Posts" items={shown} card={(post, index) => <PostCard post={post} first={index === 0} />} />
                  ) : (
                    <FilteredEmptyState
                      filtered={tag ? BLOG_MESSAGES.emptyForTag(tag) : null}
                      messages={BLOG_MESSAGES}
                      onShowAll={showAll}
                    />
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
