import type { AdminStats } from '#domain/admin-stats.ts'
import { describe, expect, it } from 'vitest'
import * as adminContent from '#functions/admin-content.ts'
import * as adminStats from '#functions/admin-stats.ts'
import { content } from '#lib/data/content.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'
import { createPost, createResource } from '#tests/support/records.ts'

useBlobsServer()

type Stats = AdminStats
/** netlify dev with no SendGrid key: email lands in the local outbox. */
const LOCAL_OUTBOX = { transport: 'outbox', missing: [] }
type StatsBody = { success: boolean; message?: string; stats: Stats }

const stats = (authorization: string) => call<StatsBody>(adminStats, { path: '/api/admin/stats', headers: { authorization } })

describe('GET /api/admin/stats', () => {
  it('answers zeros and no lastUpdated on an empty site (the caller is the one user)', async () => {
    const { authorization } = await createEditor()
    const { status, body } = await stats(authorization)
    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      stats: { users: 1, contentItems: 0, lastUpdated: null, posts: 0, resources: 0, email: LOCAL_OUTBOX },
    })
  })

  it('counts users, content items, posts (drafts included) and resources (inactive included)', async () => {
    const { authorization } = await createEditor()
    await createAdmin()
    await createPost({ status: 'draft' })
    await createPost({ status: 'published' })
    await createResource({ isActive: false })
    await content.save({ section: 'home', key: 'a', value: 'A', type: 'text' }, 'x')
    await content.save({ section: 'home', key: 'b', value: 'B', type: 'text' }, 'x')
    await content.save({ section: 'home', key: 'a', value: 'A again', type: 'text' }, 'x')

    const { body } = await stats(authorization)

    expect(body.stats).toEqual({ users: 2, contentItems: 2, lastUpdated: expect.any(String), posts: 2, resources: 1, email: LOCAL_OUTBOX })
  })

  it('answers as lastUpdated the time of the latest content save', async () => {
    const { authorization } = await createEditor()
    await call(adminContent, {
      method: 'POST',
      path: '/api/admin/content',
      body: { section: 'home', key: 'a', value: 'A' },
      headers: { authorization },
    })
    const latest = await call<{ success: boolean; item: { updatedAt: string } }>(adminContent, {
      method: 'POST',
      path: '/api/admin/content',
      body: { section: 'about', key: 'b', value: 'B' },
      headers: { authorization },
    })

    const { body } = await stats(authorization)

    expect(body.stats.lastUpdated).toBe(latest.body.item.updatedAt)
  })
})
