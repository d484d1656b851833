import type { Config } from '@netlify/functions'
import type { AdminStats } from '../../domain/admin-stats'
import { adminStats } from '../../domain/api/posts'
import { content } from '../lib/data/content'
import { posts } from '../lib/data/posts'
import { resources } from '../lib/data/resources'
import { users } from '../lib/data/users'
import { runtimeOf } from '../lib/env'
import { endpoint } from '../lib/endpoint'
import { emailSetup } from '../lib/mailer'

/** GET /api/admin/stats: the dashboard's numbers, readable by editors (who may not list users). */
export default endpoint(adminStats, {
  GET: async ({ context }) => {
    const [userCount, items, postList, resourceList] = await Promise.all([users.count(), content.list(), posts.list(), resources.list()])
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
