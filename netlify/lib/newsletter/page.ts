import type { NewsletterAnswer } from '#domain/form-answer.ts'
import { postPath, postSlugOf } from '#domain/route-map.ts'
import { posts } from '#lib/data/posts.ts'
import { answerPageOf } from '#lib/pages/data-page.ts'
import { content } from '#lib/data/content.ts'
import { toSiteTexts } from '#domain/content-item.ts'
import { shownText } from '#domain/page-titles.ts'
import type { AnswerPage } from '#lib/forms/answer.ts'
import { renderedPost } from '#lib/pages/markdown.ts'
import { PAGE_TEMPLATES } from '#lib/built-pages.ts'
import { postMeta } from '#lib/pages/seo.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/**
 * The page a newsletter form's answer is shown on: the post it was sent from, or the blog. The
 * form names its page; anything but a published post's address gives the blog.
 */
export async function newsletterPage(page: string | undefined, answer: NewsletterAnswer): Promise<AnswerPage> {
  const slug = postSlugOf(page ?? '')
  if (slug) {
    try {
      const [post, items] = await Promise.all([posts.find({ slug }), content.list()])
      if (post?.status === 'published') {
        const texts = toSiteTexts(items)
        return {
          data: { path: postPath(post.slug), post: renderedPost(post), texts, answer },
          template: PAGE_TEMPLATES.post,
          meta: postMeta(post, siteUrl(), shownText(texts, 'site', 'siteName')),
        }
      }
    } catch (error) {
      // The answer matters more than the page it is on: with storage down, the blog shows it.
      console.error('newsletter answer page:', error)
    }
  }
  return answerPageOf('blog', answer)
}
