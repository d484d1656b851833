import { describe, expect, it, vi } from 'vitest'
import { SYSTEM_ACTOR, type ActivityEntry } from '#domain/activity.ts'
import type { PostSummary, PostVersionSummary, RenderedPostVersion } from '#domain/blog-post.ts'
import * as adminAccountPassword from '#functions/admin-account-password.ts'
import * as adminActivity from '#functions/admin-activity.ts'
import * as adminBlogPost from '#functions/admin-blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as adminBooking from '#functions/admin-booking.ts'
import * as adminContent from '#functions/admin-content.ts'
import * as adminContentItem from '#functions/admin-content-item.ts'
import * as adminPostVersion from '#functions/admin-post-version.ts'
import * as adminPostVersions from '#functions/admin-post-versions.ts'
import * as adminResource from '#functions/admin-resource.ts'
import * as adminResources from '#functions/admin-resources.ts'
import * as adminUser from '#functions/admin-user.ts'
import * as adminUserPassword from '#functions/admin-user-password.ts'
import * as adminUsers from '#functions/admin-users.ts'
import * as publishScheduled from '#functions/publish-scheduled.ts'
import { activity } from '#lib/data/activity.ts'
import { bookings } from '#lib/data/bookings.ts'
import { POST_VERSIONS_KEPT, posts } from '#lib/data/posts.ts'
import { createAdmin, createEditor, TEST_PASSWORD } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call, type CallOptions } from '#tests/support/call.ts'
import { exportCsv } from '#tests/support/exports.ts'
import { bookingInput } from '#tests/support/factories.ts'
import * as z from 'zod/mini'
import { BookingRequestSchema } from '#domain/booking.ts'

useBlobsServer()

type ActivityBody = { success: boolean; message?: string; entries: ActivityEntry[]; next: string | null }
const as = (authorization: string, fn: Parameters<typeof call>[0], options: CallOptions) =>
  call<{ success: boolean; message?: string } & Record<string, never>>(fn, { ...options, headers: { authorization } })
const history = (authorization: string, query = '') =>
  call<ActivityBody>(adminActivity, { path: `/api/admin/activity${query}`, headers: { authorization } })
const post = {
  title: 'Giving First',
  excerpt: 'Why giving comes first.',
  content: 'Give, save, live.',
  featuredImage: undefined,
  status: 'draft' as const,
  tags: ['giving'],
}

describe('every admin write is in the history, by the person who made it', () => {
  it('records posts, resources, texts, users, bookings, passwords and the export, newest first', async () => {
    const admin = await createAdmin()
    const editor = await createEditor()

    const created = await call<{ success: boolean; blogPost: PostSummary }>(adminBlogPosts, {
      method: 'POST',
      path: '/api/admin/blog-posts',
      body: post,
      headers: { authorization: editor.authorization },
    })
    const postId = created.body.blogPost.id
    await as(editor.authorization, adminBlogPosts, {
      method: 'PUT',
      path: '/api/admin/blog-posts',
      body: { ...post, id: postId, title: 'Giving Gladly', content: 'New body.' },
    })
    await as(admin.authorization, adminBlogPost, { method: 'DELETE', path: `/api/admin/blog-posts/${postId}`, params: { id: postId } })

    const resource = await call<{ success: boolean; resource: { id: string } }>(adminResources, {
      method: 'POST',
      path: '/api/admin/resources',
      headers: { authorization: editor.authorization },
      body: {
        title: 'Budget sheet',
        description: 'A sheet.',
        type: 'template',
        fileUrl: 'https://files.test.example/sheet.pdf',
        isActive: true,
      },
    })
    const resourceId = resource.body.resource.id
    await as(editor.authorization, adminResources, {
      method: 'PUT',
      path: '/api/admin/resources',
      body: {
        id: resourceId,
        title: 'Budget sheet',
        description: 'A sheet.',
        type: 'template',
        fileUrl: 'https://files.test.example/sheet.pdf',
        isActive: false,
      },
    })
    await as(editor.authorization, adminResource, {
      method: 'DELETE',
      path: `/api/admin/resources/${resourceId}`,
      params: { id: resourceId },
    })

    await as(editor.authorization, adminContent, {
      method: 'POST',
      path: '/api/admin/content',
      body: { section: 'home', key: 'heroTitle', value: 'First', type: 'text' },
    })
    const saved = await call<{ success: boolean; item: { id: string } }>(adminContent, {
      method: 'POST',
      path: '/api/admin/content',
      headers: { authorization: editor.authorization },
      body: { section: 'home', key: 'heroTitle', value: 'Second', type: 'text' },
    })
    await as(admin.authorization, adminContentItem, {
      method: 'DELETE',
      path: `/api/admin/content/${saved.body.item.id}`,
      params: { id: saved.body.item.id },
    })

    const user = await call<{ success: boolean; user: { id: string } }>(adminUsers, {
      method: 'POST',
      path: '/api/admin/users',
      headers: { authorization: admin.authorization },
      body: { username: 'ruth', email: 'ruth@test.example', password: 'a long enough password', role: 'editor' },
    })
    const userId = user.body.user.id
    await as(admin.authorization, adminUserPassword, {
      method: 'POST',
      path: `/api/admin/users/${userId}/password`,
      params: { id: userId },
      body: { password: 'a temporary passphrase' },
    })
    await as(admin.authorization, adminUser, { method: 'DELETE', path: `/api/admin/users/${userId}`, params: { id: userId } })

    const booking = await bookings.add(z.parse(BookingRequestSchema, bookingInput({ firstName: 'Ada', lastName: 'Obi' })))
    await as(admin.authorization, adminBooking, {
      method: 'PUT',
      path: `/api/admin/bookings/${booking.id}`,
      params: { id: booking.id },
      body: { status: 'handled' },
    })
    const exported = await exportCsv(editor.authorization)
    expect(exported.status).toBe(200)
    await as(editor.authorization, adminAccountPassword, {
      method: 'POST',
      path: '/api/admin/account/password',
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
    })

    const { status, body } = await history(admin.authorization)
    expect(status).toBe(200)
    const lines = body.entries.map((entry) => `${entry.actor.username} ${entry.action} ${entry.subject} ${entry.label}`)
    const e = editor.user.username
    const a = admin.user.username
    expect(lines).toEqual(
      [
        `${e} created post Giving First`,
        `${e} updated post Giving Gladly`,
        `${a} deleted post Giving Gladly`,
        `${e} created resource Budget sheet`,
        `${e} updated resource Budget sheet`,
        `${e} deleted resource Budget sheet`,
        // A text of the public pages always has a value (its built-in one), so each write updates it.
        `${e} updated content home / heroTitle`,
        `${e} updated content home / heroTitle`,
        `${a} updated content home / heroTitle`,
        `${a} created user ruth`,
        `${a} password-reset user ruth`,
        `${a} deleted user ruth`,
        `${a} updated booking Ada Obi`,
        `${e} exported subscriber Subscriber list`,
        `${e} password-changed user ${e}`,
      ].reverse(),
    )
    const changesOf = (line: string, nth = 0) => body.entries.filter((_, i) => lines[i] === line)[nth]!.changes
    expect(changesOf(`${e} updated post Giving Gladly`)).toEqual([
      { label: 'Title', before: 'Giving First', after: 'Giving Gladly' },
      { label: 'Content', kind: 'long' },
      // An untouched draft's address follows its title.
      { label: 'Address', before: 'giving-first', after: 'giving-gladly' },
    ])
    expect(changesOf(`${e} created resource Budget sheet`)).toEqual([
      { label: 'Title', value: 'Budget sheet' },
      { label: 'Type', value: 'Template' },
      { label: 'File', value: 'sheet.pdf' },
      { label: 'Active', value: 'Yes' },
    ])
    expect(changesOf(`${e} updated resource Budget sheet`)).toEqual([{ label: 'Active', before: 'Yes', after: 'No' }])
    // Newest first: the revert, the second save, the first save.
    expect(changesOf(`${e} updated content home / heroTitle`, 1)).toEqual([
      'Replaced the built-in text',
      { label: 'Text', before: 'Steward your money with clarity, peace and purpose', after: 'First' },
    ])
    expect(changesOf(`${e} updated content home / heroTitle`, 0)).toEqual([{ label: 'Text', before: 'First', after: 'Second' }])
    expect(changesOf(`${a} updated content home / heroTitle`)).toEqual([
      'Back to the built-in text',
      { label: 'Text', before: 'Second', after: 'Steward your money with clarity, peace and purpose' },
    ])
    expect(changesOf(`${a} created user ruth`)).toEqual([
      { label: 'Username', value: 'ruth' },
      { label: 'Email', value: 'ruth@test.example' },
      { label: 'Role', value: 'Editor' },
    ])
    expect(changesOf(`${a} updated booking Ada Obi`)).toEqual([{ label: 'Status', before: 'New', after: 'Handled' }])
    expect(changesOf(`${e} password-changed user ${e}`)).toEqual(['Other sessions were signed out'])
    expect(body.entries.every((entry) => !JSON.stringify(entry).includes('passphrase'))).toBe(true)
  })

  it('a scheduled post published by the job is signed by the job', async () => {
    const admin = await createAdmin()
    const publishAt = new Date(Date.now() + 60_000).toISOString()
    await posts.create({ ...post, status: 'scheduled', publishAt }, 'Coach')
    // A minute later, by the clock only (the Blobs client keeps its real timers).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(publishAt) + 1_000 })
    try {
      expect((await publishScheduled.default()).status).toBe(204)
    } finally {
      vi.useRealTimers()
    }
    const { body } = await history(admin.authorization, `?actor=${SYSTEM_ACTOR.id}`)
    expect(body.entries.map((entry) => [entry.actor.username, entry.action, entry.label])).toEqual([
      [SYSTEM_ACTOR.username, 'published', 'Giving First'],
    ])
    // The moment stays an instant: the page writes it in the reader's time zone.
    expect(body.entries[0]!.changes).toEqual([{ label: 'Scheduled for', kind: 'time', value: publishAt }])
  })
})

describe('GET /api/admin/activity', () => {
  it('filters by kind and by person, and pages from the newest', async () => {
    const admin = await createAdmin()
    const editor = await createEditor()
    for (let i = 0; i < 7; i++) {
      const who = i % 2 ? admin : editor
      await activity.record(who.user, { action: 'updated', subject: i < 4 ? 'post' : 'resource', recordId: `r${i}`, label: `record ${i}` })
    }

    const labels = (result: { body: ActivityBody }) => result.body.entries.map((entry) => entry.label)
    expect(labels(await history(admin.authorization, '?subject=resource'))).toEqual(['record 6', 'record 5', 'record 4'])
    expect(labels(await history(admin.authorization, `?actor=${admin.user.id}`))).toEqual(['record 5', 'record 3', 'record 1'])
    expect(labels(await history(admin.authorization, `?subject=post&actor=${editor.user.id}`))).toEqual(['record 2', 'record 0'])

    const first = await history(admin.authorization, '?limit=3')
    expect(labels(first)).toEqual(['record 6', 'record 5', 'record 4'])
    const second = await history(admin.authorization, `?limit=3&after=${encodeURIComponent(first.body.next!)}`)
    expect(labels(second)).toEqual(['record 3', 'record 2', 'record 1'])
    const last = await history(admin.authorization, `?limit=3&after=${encodeURIComponent(second.body.next!)}`)
    expect(labels(last)).toEqual(['record 0'])
    expect(last.body.next).toBeNull()
  })

  it('is for admins only, and refuses unknown filters', async () => {
    const editor = await createEditor()
    expect((await history(editor.authorization)).status).toBe(403)
    const admin = await createAdmin()
    for (const query of ['?subject=__proto__', '?actor=../x', '?limit=0', '?limit=51', '?limit=abc']) {
      expect((await history(admin.authorization, query)).status, query).toBe(400)
    }
  })
})

describe('post versions', () => {
  it(`keeps the last ${POST_VERSIONS_KEPT} saves, each readable with its body rendered as the page would show it`, async () => {
    const editor = await createEditor()
    const headers = { authorization: editor.authorization }
    const created = await call<{ success: boolean; blogPost: PostSummary }>(adminBlogPosts, {
      method: 'POST',
      path: '/api/admin/blog-posts',
      body: post,
      headers,
    })
    const id = created.body.blogPost.id
    for (let i = 1; i <= 11; i++) {
      await call(adminBlogPosts, { method: 'PUT', path: '/api/admin/blog-posts', body: { ...post, id, content: `Edit **${i}**` }, headers })
    }

    const listed = await call<{ success: boolean; versions: PostVersionSummary[] }>(adminPostVersions, {
      path: `/api/admin/blog-posts/${id}/versions`,
      params: { id },
      headers,
    })
    expect(listed.status).toBe(200)
    expect(listed.body.versions).toHaveLength(POST_VERSIONS_KEPT)
    expect(listed.body.versions[0]).toMatchObject({ savedBy: editor.user.username, title: 'Giving First' })

    const open = (versionId: string) =>
      call<{ success: boolean; version: RenderedPostVersion }>(adminPostVersion, {
        path: `/api/admin/blog-posts/${id}/versions/${versionId}`,
        params: { id, versionId },
        headers,
      })
    const newest = await open(listed.body.versions[0]!.id)
    expect(newest.body.version).toMatchObject({ content: 'Edit **11**', html: '<p>Edit <strong>11</strong></p>\n' })
    const oldest = await open(listed.body.versions.at(-1)!.id)
    expect(oldest.body.version.content).toBe('Edit **2**')

    expect((await open('no-such-version')).status).toBe(404)
    const missing = await call(adminPostVersions, { path: '/api/admin/blog-posts/nope/versions', params: { id: 'nope' }, headers })
    expect(missing.status).toBe(404)
  })

  it('go with their post when it is deleted', async () => {
    const editor = await createEditor()
    const created = await posts.create(post, 'Coach', 'editor')
    expect(await posts.versions(created.id)).toHaveLength(1)
    await call(adminBlogPost, {
      method: 'DELETE',
      path: `/api/admin/blog-posts/${created.id}`,
      params: { id: created.id },
      headers: { authorization: editor.authorization },
    })
    expect(await posts.versions(created.id)).toEqual([])
  })
})
