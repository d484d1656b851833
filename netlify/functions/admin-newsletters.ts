import type { Config } from '@netlify/functions'
import { adminNewsletters } from '#domain/api/mail.ts'
import {
  NEWSLETTER_FIELDS,
  NEWSLETTER_MESSAGES,
  NewsletterFromPostSchema,
  NewsletterInputSchema,
  newsletterFor,
  type NewsletterInput,
} from '#domain/newsletter.ts'
import { postPath } from '#domain/route-map.ts'
import { newsletters } from '#lib/data/newsletters.ts'
import { posts } from '#lib/data/posts.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError, parseWith } from '#lib/http/route.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/**
 * /api/admin/newsletters: every newsletter, newest first (GET); a new draft (POST), written in the
 * compose form or copied from a published post (its title, its text and a link to it).
 */
export default endpoint(adminNewsletters, {
  GET: async ({ session: { user } }) => {
    const list = await newsletters.list()
    return { newsletters: list.map((newsletter) => newsletterFor(newsletter, user)) }
  },

  POST: async ({ session: { user }, body: data }) => {
    const input =
      'fromPostId' in data ? await fromPost(parseWith(NewsletterFromPostSchema, data).fromPostId) : parseWith(NewsletterInputSchema, data)
    const newsletter = await newsletters.create(input, user.username, { by: user })
    return { newsletter: newsletterFor(newsletter, user), message: NEWSLETTER_MESSAGES.created }
  },
})

async function fromPost(postId: string): Promise<NewsletterInput> {
  const post = await posts.find({ id: postId })
  if (post?.status !== 'published') throw new HttpError(404, 'Choose a published post')
  const body = `${post.content.trim()}\n\n[Read it on the blog](${siteUrl()}${postPath(post.slug)})`
  // Checked like typed text: a post may be longer than a newsletter can be.
  return parseWith(NewsletterInputSchema, { subject: post.title.slice(0, NEWSLETTER_FIELDS.subject.max), body })
}

export const config: Config = { path: '/api/admin/newsletters' }
