import { readFile } from 'node:fs/promises'
import { describe, expect, it, vi } from 'vitest'
import * as devSeed from '#dev-functions/dev-seed.ts'
import { STORE_NAMES, openStore } from '#lib/storage/blobs.ts'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { mediaPath } from '#domain/media.ts'
import { content } from '#lib/data/content.ts'
import { media } from '#lib/data/media.ts'
import { posts } from '#lib/data/posts.ts'
import { resources } from '#lib/data/resources.ts'
import { DEMO_IMAGES, DEMO_PORTRAIT } from '#lib/demo/images/index.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { users } from '#lib/data/users.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'
import { postInput } from '#tests/support/factories.ts'
import { createAdmin } from '#tests/support/auth.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminStats from '#functions/admin-stats.ts'
import { activity } from '#lib/data/activity.ts'
import type { AdminStats } from '#domain/admin-stats.ts'
import type { ContentItem } from '#domain/content-item.ts'

useBlobsServer()

const seed = (body?: unknown) => call(devSeed, { method: 'POST', path: '/api/dev/seed', body })
const keyCount = async () =>
  Object.fromEntries(await Promise.all(STORE_NAMES.map(async (name) => [name, (await openStore(name).keys()).length] as const)))

describe('POST /api/dev/seed', () => {
  it('a reset empties every store, however full, and writes the demo set again', async () => {
    vi.stubEnv('DEMO_SEED', 'true')
    vi.stubEnv('TEST_BCRYPT_COST', '4')
    expect((await seed()).status).toBe(200)
    const demo = await keyCount()

    // Hundreds of records: the reset must not take one request per key.
    for (let i = 0; i < 300; i++) await subscribers.add(`reader${i}@example.com`)
    await posts.create(postInput({ title: 'Written by hand' }), 'admin')

    const { status, body } = await seed({ reset: true })

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, seeded: true })
    expect(await keyCount()).toEqual(demo)
    expect(await subscribers.all()).toEqual([])
    expect((await posts.list()).map((post) => post.title).sort()).toEqual(DEMO_POSTS.map((post) => post.title).sort())
  })

  it("makes the demo admin the site's owner, and nobody else", async () => {
    vi.stubEnv('DEMO_SEED', 'true')
    vi.stubEnv('TEST_BCRYPT_COST', '4')
    expect((await seed()).status).toBe(200)
    expect((await users.list()).map((user) => [user.username, user.owner ?? false])).toEqual([
      ['admin', true],
      ['editor', false],
    ])
  })

  it('a later reset puts back exactly the demo set, rewriting only the stores that changed', async () => {
    vi.stubEnv('DEMO_SEED', 'true')
    vi.stubEnv('TEST_BCRYPT_COST', '4')
    expect((await seed({ reset: true })).status).toBe(200)
    const contents = async () =>
      Object.fromEntries(
        await Promise.all(
          STORE_NAMES.map(async (name) => {
            const store = openStore(name)
            const keys = (await store.keys()).sort()
            return [name, await Promise.all(keys.map(async (key) => [key, await store.get(key)]))] as const
          }),
        ),
      )
    const demo = await contents()
    const untouched = await openStore('resources').versions()

    for (let i = 0; i < 300; i++) await subscribers.add(`reader${i}@example.com`)
    const [first] = await posts.list()
    await posts.update(first!.id, postInput({ title: 'Edited by hand' }))
    await openStore('posts').clear()

    expect((await seed({ reset: true })).body).toEqual({ success: true, seeded: true })
    expect(await contents()).toEqual(demo)
    expect(await openStore('resources').versions()).toEqual(untouched)
  })
})

describe('the demo set', () => {
  it('puts its illustrations in the media library and uses them: the portrait, every post and resource', async () => {
    vi.stubEnv('DEMO_SEED', 'true')
    vi.stubEnv('TEST_BCRYPT_COST', '4')
    expect((await seed({ reset: true })).status).toBe(200)

    const library = await media.list()
    expect(library.map((file) => file.name).sort()).toEqual(DEMO_IMAGES.map((image) => image.file).sort())
    const portrait = library.find((file) => file.name === DEMO_PORTRAIT.file)!
    expect(portrait).toMatchObject({ contentType: 'image/webp', width: DEMO_PORTRAIT.width, height: DEMO_PORTRAIT.height })

    const items = await content.list()
    expect(items.find((item) => item.section === 'about' && item.key === 'portrait')).toMatchObject({
      type: 'image',
      value: mediaPath(portrait),
    })
    const urls = new Set(library.map(mediaPath))
    for (const post of await posts.list()) expect(urls.has(post.featuredImage ?? ''), post.title).toBe(true)
    for (const resource of await resources.list()) expect(urls.has(resource.thumbnailUrl ?? ''), resource.title).toBe(true)

    // A second seed on a full library adds nothing.
    await seed()
    expect((await media.list()).length).toBe(DEMO_IMAGES.length)

    // A reset after the library changed puts every picture back byte for byte (parts are not text).
    await media.remove(portrait.id)
    expect((await seed({ reset: true })).status).toBe(200)
    const restored = (await media.list()).find((file) => file.name === DEMO_PORTRAIT.file)!
    const served = new Uint8Array(await new Response(await media.openStream(restored)).arrayBuffer())
    expect(Buffer.from(served).equals(await readFile(`netlify/lib/demo/images/${DEMO_PORTRAIT.file}`))).toBe(true)
  })
})

describe("the demo's texts", () => {
  it('read as built-in until someone saves one: not edited on the Content screen, not counted on the dashboard', async () => {
    vi.stubEnv('DEMO_SEED', 'true')
    vi.stubEnv('TEST_BCRYPT_COST', '4')
    expect((await seed({ reset: true })).status).toBe(200)
    const { authorization } = await createAdmin()
    const stats = async () =>
      (await call<{ success: boolean; stats: AdminStats }>(adminStats, { path: '/api/admin/stats', headers: { authorization } })).body.stats
    const stored = async () =>
      (await call<{ success: boolean; content: ContentItem[] }>(adminContent, { path: '/api/admin/content', headers: { authorization } }))
        .body.content

    const seeded = await stored()
    expect(seeded.length).toBeGreaterThan(10)
    expect(seeded.every((item) => item.builtIn === true)).toBe(true)
    expect(await stats()).toMatchObject({ contentItems: 0, lastUpdated: null })
    expect((await activity.list()).entries).toEqual([])

    // Her save is hers, even with the mark in the body (nothing a request sends can set it).
    const save = await call<{ success: boolean; item: ContentItem }>(adminContent, {
      method: 'POST',
      path: '/api/admin/content',
      headers: { authorization },
      body: { section: 'home', key: 'heroTitle', value: 'Money with meaning', type: 'text', builtIn: true },
    })
    expect(save.status).toBe(200)
    expect(save.body.item.builtIn).toBeUndefined()
    const after = await stored()
    expect(after.find((item) => item.key === 'heroTitle')).not.toHaveProperty('builtIn')
    expect(after.filter((item) => item.builtIn !== true)).toHaveLength(1)
    expect(await stats()).toMatchObject({ contentItems: 1, lastUpdated: save.body.item.updatedAt })
    expect((await activity.list()).entries.map((entry) => [entry.action, entry.label])).toEqual([['updated', 'home / heroTitle']])
  })
})
