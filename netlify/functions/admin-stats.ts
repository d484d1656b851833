import type { Config } from '@netlify/functions'
import type { AdminStats } from '#domain/admin-stats.ts'
import { isEdited } from '#domain/content-item.ts'
import { adminStats } from '#domain/api/posts.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { users } from '#lib/data/users.ts'
import { runtimeOf } from '#lib/config/env.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { emailSetup } from '#lib/email/mailer.ts'

/** GET /api/admin/stats: the dashboard's numbers, readable by editors (who may not list users). */
export default endpoint(adminStats, {
  GET: async ({ context }) => {
    const [userCount, stored, postList, resourceList] = await Promise.all([users.count(), content.list(), posts.list(), resources.list()])
    // The texts people saved: the demo seed's read as built-in, as on the Content screen.
    const items = stored.filter(isEdited)
    const lastUpdated =
      items
        .map((item) => item.updatedAt)
        .sort()
        .at(-1) ?? null
    const setup = emailSetup(runtimeOf(context))
    const stats: AdminStats = {
      users: userCount,
      contentItems: items.length,
      lastUpdated,
      posts: postList.length,
      resources: resourceList.length,
      email: { transport: setup.transport, missing: setup.transport === 'none' ? setup.missing : [] },
    }
    return { stats }
  },
})

export const config: Config = { path: '/api/admin/stats' }
