import type { Config } from '@netlify/functions'
import * as z from 'zod/mini'
import { UserInputSchema } from '#domain/admin-user.ts'
import { PostInputSchema } from '#domain/blog-post.ts'
import { ContentInputSchema, type ContentInput } from '#domain/content-item.ts'
import { ResourceInputSchema } from '#domain/resource.ts'
import { clearStore, STORE_NAMES } from '#lib/storage/blobs.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { users } from '#lib/data/users.ts'
import { DEMO_CONTENT, DEMO_COACH_NAME, DEMO_CREATED_BY, DEMO_POSTS, DEMO_RESOURCES, DEMO_USERS } from '#lib/demo/content.ts'
import { devOnly } from '#lib/demo/guard.ts'
import { DEMO_PORTRAIT, demoImageFor, type DemoImage } from '#lib/demo/images/index.ts'
import { seedDemoImages } from '#lib/demo/seed-images.ts'
import { restoreSnapshot, takeSnapshot } from '#lib/demo/snapshot.ts'
import { env } from '#lib/config/env.ts'
import { HttpError, json, MAX_BODY_BYTES, parseWith, route } from '#lib/http/route.ts'

const SeedBodySchema = z.object({ reset: z.optional(z.boolean({ error: 'reset must be true or false' })) })

/** The body is optional: none, an empty one, or `{ "reset": true }`. */
async function readOptionalBody(req: Request): Promise<z.output<typeof SeedBodySchema>> {
  const text = await req.text()
  if (text.length > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large')
  if (!text.trim()) return {}
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON')
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new HttpError(400, 'Request body must be a JSON object')
  return parseWith(SeedBodySchema, data)
}

/**
 * Writes the demo set through the data modules (so it is valid by construction). Each collection
 * is filled only where it lacks the demo entries, so nothing someone added by hand is overwritten.
 */
async function seed(): Promise<void> {
  // The browser tests' servers ask for a lower bcrypt cost (scripts/test-servers.ts): they reset
  // the data before every test, and the demo passwords are public anyway.
  const testCost = env('TEST_BCRYPT_COST')
  const options = testCost ? { passwordCost: Number(testCost) } : {}
  for (const user of DEMO_USERS) {
    if (!(await users.findByUsername(user.username))) await users.create(parseWith(UserInputSchema, user), options)
  }

  // The illustrations go into the media library; the portrait, the posts and the resources use them.
  const images = await seedDemoImages()
  const imageOf = (image: DemoImage | undefined) => (image ? images.get(image.file) : undefined)
  const portrait: ContentInput = { section: 'about', key: 'portrait', value: imageOf(DEMO_PORTRAIT)!, type: 'image' }
  const portraitAlt: ContentInput = { section: 'about', key: 'portraitAlt', value: DEMO_PORTRAIT.alt, type: 'text' }

  // The demo's texts stand in for the built-in ones: the admin reads them as built-in until she
  // saves her own (no "Edited", no Revert, nothing counted as changed on the dashboard).
  const present = new Set((await content.list()).map((item) => `${item.section}/${item.key}`))
  for (const item of [...DEMO_CONTENT, portrait, portraitAlt]) {
    if (!present.has(`${item.section}/${item.key}`))
      await content.save(parseWith(ContentInputSchema, item), DEMO_CREATED_BY, { builtIn: true })
  }

  // Lists show newest first: create in reverse so they appear in the order written.
  if ((await resources.list()).length === 0) {
    for (const resource of DEMO_RESOURCES.toReversed()) {
      const image = demoImageFor('resource', resource.title)
      const thumbnailUrl = resource.thumbnailUrl ?? imageOf(image)
      const thumbnailAlt = resource.thumbnailUrl ? resource.thumbnailAlt : image?.alt
      await resources.create(parseWith(ResourceInputSchema, { ...resource, thumbnailUrl, thumbnailAlt }), DEMO_CREATED_BY)
      await tick()
    }
  }
  for (const post of DEMO_POSTS.toReversed()) {
    const image = demoImageFor('post', post.title)
    const featuredImage = post.featuredImage ?? imageOf(image)
    const featuredImageAlt = post.featuredImage ? post.featuredImageAlt : image?.alt
    await posts.create(parseWith(PostInputSchema, { ...post, featuredImage, featuredImageAlt }), DEMO_COACH_NAME)
    await tick()
  }
}

/** Keeps creation timestamps distinct, so the newest-first order is the intended one. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

/**
 * POST /api/dev/seed, local development only (see lib/demo/guard.ts): fills the local Blobs
 * sandbox with the demo content. Without a body it seeds only while there are no posts, so it is
 * safe to call on every start; with `{ "reset": true }` it first empties every store (or puts back
 * only the stores that changed since the last reset: lib/demo/snapshot.ts).
 */
export default devOnly(
  route({
    POST: async (req) => {
      const { reset = false } = await readOptionalBody(req)
      if (reset) {
        if (await restoreSnapshot()) return json({ success: true, seeded: true })
        for (const name of STORE_NAMES) await clearStore(name)
      } else if ((await posts.list()).length > 0) {
        return json({ success: true, seeded: false })
      }
      await seed()
      if (reset) await takeSnapshot()
      return json({ success: true, seeded: true })
    },
  }),
)

export const config: Config = { path: '/api/dev/seed' }
