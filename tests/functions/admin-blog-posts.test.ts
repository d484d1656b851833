import { describe, expect, it } from 'vitest'
import type { BlogPost, PostSummary } from '#domain/blog-post.ts'
import * as adminBlogPost from '#functions/admin-blog-post.ts'
import * as adminBlogPosts from '#functions/admin-blog-posts.ts'
import * as blogPosts from '#functions/blog-posts.ts'
import { content } from '#lib/data/content.ts'
import { posts } from '#lib/data/posts.ts'
import { createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

type ListBody = { success: boolean; message?: string; blogPosts: PostSummary[] }
type PostBody = { success: boolean; message?: string; blogPost: PostSummary }
type DetailBody = { success: boolean; message?: string; blogPost: BlogPost }

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Giving First',
  excerpt: 'Why the first dollar goes to giving.',
  content: '## Start here\n\nGive, save, then live.',
  featuredImage: 'https://img.test.example/giving.jpg',
  status: 'draft',
  tags: ['giving', 'budgeting'],
  ...overrides,
})

const create = (authorization: string, body: unknown) =>
  call<PostBody>(adminBlogPosts, { method: 'POST', path: '/api/admin/blog-posts', body, headers: { authorization } })
const update = (authorization: string, body: unknown) =>
  call<PostBody>(adminBlogPosts, { method: 'PUT', path: '/api/admin/blog-posts', body, headers: { authorization } })
const list = (authorization: string) => call<ListBody>(adminBlogPosts, { path: '/api/admin/blog-posts', headers: { authorization } })
const getOne = (authorization: string, id: string) =>
  call<DetailBody>(adminBlogPost, { path: `/api/admin/blog-posts/${encodeURIComponent(id)}`, params: { id }, headers: { authorization } })
const remove = (authorization: string, id: string) =>
  call(adminBlogPost, {
    method: 'DELETE',
    path: `/api/admin/blog-posts/${encodeURIComponent(id)}`,
    params: { id },
    headers: { authorization },
  })
const publicSlugs = async () =>
  (await call<ListBody>(blogPosts, { path: '/api/blog-posts' })).body.blogPosts.map((published) => published.slug)

/** The fields an editor sends, as the server keeps them. */
const editable = (p: PostSummary & { content?: string }) => ({
  title: p.title,
  excerpt: p.excerpt,
  content: p.content,
  featuredImage: p.featuredImage,
  status: p.status,
  tags: p.tags,
})

describe('POST /api/admin/blog-posts', () => {
  it('creates a draft with a slug from the title', async () => {
    const { authorization } = await createEditor()

    const { status, body } = await create(authorization, post({ title: 'Hello, World! Giving 101' }))

    expect(status).toBe(201)
    expect(body).toEqual({
      success: true,
      message: 'Blog post created successfully',
      blogPost: expect.objectContaining({
        id: expect.any(String),
        slug: 'hello-world-giving-101',
        title: 'Hello, World! Giving 101',
        status: 'draft',
        publishedAt: null,
        tags: ['giving', 'budgeting'],
        featuredImage: 'https://img.test.example/giving.jpg',
      }),
    })
    const stored = await posts.find({ id: body.blogPost.id })
    expect(stored?.content).toBe('## Start here\n\nGive, save, then live.')
  })

  it('defaults status to draft and tags to none', async () => {
    const { authorization } = await createEditor()
    const { status: _status, tags: _tags, featuredImage: _image, ...minimal } = post()

    const { status, body } = await create(authorization, minimal)

    expect(status).toBe(201)
    expect(body.blogPost).toMatchObject({ status: 'draft', tags: [], publishedAt: null })
    expect(body.blogPost.featuredImage).toBeUndefined()
    expect(await publicSlugs()).toEqual([])
  })

  it('publishes at once when created as published', async () => {
    const { authorization } = await createEditor()
    const { body } = await create(authorization, post({ status: 'published' }))
    expect(body.blogPost.publishedAt).toEqual(expect.any(String))
    expect(await publicSlugs()).toEqual([body.blogPost.slug])
  })

  it('signs the post with the coach name from the content items', async () => {
    const { authorization } = await createEditor({ username: 'typist' })
    await content.save({ section: 'site', key: 'coachName', value: 'Ruth Steward', type: 'text' }, 'admin')
    const { body } = await create(authorization, post())
    expect(body.blogPost.author).toBe('Ruth Steward')
  })

  it.each([
    ['no title', { title: undefined }, 'Title is required'],
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['no excerpt', { excerpt: undefined }, 'Excerpt is required'],
    ['an empty excerpt', { excerpt: '' }, 'Excerpt is required'],
    ['no content', { content: undefined }, 'Content is required'],
    ['blank content', { content: '\n\n' }, 'Content is required'],
    ['a featured image that is not a URL', { featuredImage: 'not a url' }, 'Featured image must be a valid URL'],
    ['a javascript: featured image', { featuredImage: 'javascript:alert(1)' }, 'Featured image must be a valid URL'],
    ['a data: featured image', { featuredImage: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'Featured image must be a valid URL'],
    ['a protocol-relative featured image', { featuredImage: '//evil.example/x.jpg' }, 'Featured image must be a valid URL'],
    ['tags that are not a list', { tags: 'giving, budgeting' }, 'Tags must be a list'],
    ['a tag that is not text', { tags: ['giving', 42] }, 'Tags must be text'],
    ['an unknown status', { status: 'archived' }, 'Status must be draft, scheduled or published'],
  ])('answers 400 to %s', async (_case, overrides, message) => {
    const { authorization } = await createEditor()

    const { status, body } = await create(authorization, post(overrides))

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
    expect(await posts.list()).toEqual([])
  })

  it('accepts an empty featured image as none, and a site-relative one', async () => {
    const { authorization } = await createEditor()
    expect((await create(authorization, post({ featuredImage: '' }))).body.blogPost.featuredImage).toBeUndefined()
    expect((await create(authorization, post({ featuredImage: '/images/a.jpg' }))).body.blogPost.featuredImage).toBe('/images/a.jpg')
  })

  it('gives two posts with the same title distinct slugs', async () => {
    const { authorization } = await createEditor()
    const first = await create(authorization, post({ title: 'Debt Free' }))
    const second = await create(authorization, post({ title: 'Debt Free' }))
    expect(first.body.blogPost.slug).toBe('debt-free')
    expect(second.body.blogPost.slug).not.toBe('debt-free')
    expect(second.body.blogPost.slug).toMatch(/^debt-free-/)
  })

  it('gives distinct slugs to posts with the same title created at once', async () => {
    const { authorization } = await createEditor()

    const answers = await Promise.all(Array.from({ length: 6 }, () => create(authorization, post({ title: 'Debt Free' }))))

    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201))
    const slugs = (await posts.list()).map((p) => p.slug)
    expect(slugs).toHaveLength(6)
    expect(new Set(slugs).size).toBe(6)
    expect(slugs.every((slug) => /^debt-free(?:-\d+)?$/.test(slug))).toBe(true)
  })
})

describe('fields the server owns', () => {
  const spoofed = {
    id: 'chosen-id',
    author: 'mallory',
    createdAt: '2000-01-01T00:00:00.000Z',
    publishedAt: '2000-01-01T00:00:00.000Z',
  }

  it('ignores them on create', async () => {
    const { authorization } = await createEditor()
    const { body } = await create(authorization, { ...post({ title: 'Real Title' }), ...spoofed })
    expect(body.blogPost.id).not.toBe('chosen-id')
    expect(body.blogPost).toMatchObject({ slug: 'real-title', publishedAt: null })
    expect(body.blogPost.author).not.toBe('mallory')
    expect(body.blogPost.createdAt).not.toBe(spoofed.createdAt)
  })

  it('ignores them on update', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, post({ title: 'Real Title', status: 'published' }))).body.blogPost
    await update(authorization, { ...post({ title: 'Real Title', status: 'published' }), ...spoofed, id: created.id })
    const stored = await posts.find({ id: created.id })
    expect(stored).toMatchObject({
      slug: 'real-title',
      author: created.author,
      createdAt: created.createdAt,
      publishedAt: created.publishedAt,
    })
  })
})

describe('GET /api/admin/blog-posts', () => {
  it('lists drafts and published posts, without bodies', async () => {
    const { authorization } = await createEditor()
    const draft = await create(authorization, post({ title: 'A draft' }))
    const published = await create(authorization, post({ title: 'A published one', status: 'published' }))

    const { status, body } = await list(authorization)

    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.blogPosts.map((p) => p.id).sort()).toEqual([draft.body.blogPost.id, published.body.blogPost.id].sort())
    for (const listed of body.blogPosts) {
      expect(listed).not.toHaveProperty('content')
      expect(listed).not.toHaveProperty('bodyKey')
    }
  })
})

describe('GET /api/admin/blog-posts/{id}', () => {
  it('answers one post with its body, drafts included', async () => {
    const { authorization } = await createEditor()
    const created = await create(authorization, post())

    const { status, body } = await getOne(authorization, created.body.blogPost.id)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, blogPost: { ...created.body.blogPost, content: '## Start here\n\nGive, save, then live.' } })
  })

  it.each(['no-such-post', 'x'.repeat(65), '../index'])('answers 404 to the id %j', async (id) => {
    const { authorization } = await createEditor()
    const { status, body } = await getOne(authorization, id)
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Blog post not found' })
  })
})

describe('PUT /api/admin/blog-posts', () => {
  it('updates every field', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, post())).body.blogPost
    const changed = {
      title: 'Saving Second',
      excerpt: 'Then the saving.',
      content: 'New **body**',
      featuredImage: 'https://img.test.example/saving.jpg',
      status: 'draft',
      tags: ['saving'],
    }

    const { status, body } = await update(authorization, { id: created.id, ...changed })

    expect(status).toBe(200)
    expect(body).toEqual({
      success: true,
      message: 'Blog post updated successfully',
      blogPost: expect.objectContaining({ id: created.id }),
    })
    const stored = await posts.find({ id: created.id })
    expect(editable(stored!)).toEqual(changed)
    expect(stored?.createdAt).toBe(created.createdAt)
    expect(await posts.list()).toHaveLength(1)
  })

  it('removes the featured image when it is left out', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, post())).body.blogPost
    const { featuredImage: _image, ...withoutImage } = post()
    await update(authorization, { id: created.id, ...withoutImage })
    expect((await posts.find({ id: created.id }))?.featuredImage).toBeUndefined()
  })

  it('sets publishedAt when a draft is published, and the public list shows it', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, post())).body.blogPost
    expect(created.publishedAt).toBeNull()

    const { body } = await update(authorization, { id: created.id, ...post({ status: 'published' }) })

    expect(body.blogPost.status).toBe('published')
    expect(body.blogPost.publishedAt).toEqual(expect.any(String))
    expect(await publicSlugs()).toEqual([created.slug])
  })

  it('takes a post off the public list when it goes back to draft', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, post({ status: 'published' }))).body.blogPost
    expect(await publicSlugs()).toEqual([created.slug])

    const { status } = await update(authorization, { id: created.id, ...post({ status: 'draft' }) })

    expect(status).toBe(200)
    expect(await publicSlugs()).toEqual([])
    expect((await call(blogPosts, { path: `/api/blog-posts?slug=${created.slug}` })).status).toBe(404)
  })

  it('keeps the slug of a published post when its title changes, so shared links keep working', async () => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, post({ title: 'Original Title', status: 'published' }))).body.blogPost

    const { body } = await update(authorization, { id: created.id, ...post({ title: 'A Better Title', status: 'published' }) })

    expect(body.blogPost.title).toBe('A Better Title')
    expect(body.blogPost.slug).toBe('original-title')
    expect(body.blogPost.publishedAt).toBe(created.publishedAt)
    expect(await publicSlugs()).toEqual(['original-title'])
  })

  it('never gives a retitled draft the slug of another post', async () => {
    const { authorization } = await createEditor()
    await create(authorization, post({ title: 'Taken', status: 'published' }))
    const draft = (await create(authorization, post({ title: 'Something else' }))).body.blogPost

    const { body } = await update(authorization, { id: draft.id, ...post({ title: 'Taken' }) })

    expect(body.blogPost.slug).not.toBe('taken')
    expect(new Set((await posts.list()).map((p) => p.slug)).size).toBe(2)
  })

  it('answers 404 to an unknown id and creates nothing', async () => {
    const { authorization } = await createEditor()
    const { status, body } = await update(authorization, { id: 'no-such-post', ...post() })
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Blog post not found' })
    expect(await posts.list()).toEqual([])
  })

  it.each([
    ['no id', { id: undefined }, 'Post id is required'],
    ['no title', { title: '' }, 'Title is required'],
    ['no excerpt', { excerpt: '' }, 'Excerpt is required'],
    ['no content', { content: '' }, 'Content is required'],
    ['a javascript: featured image', { featuredImage: 'javascript:alert(1)' }, 'Featured image must be a valid URL'],
  ])('answers 400 to %s and keeps the post as it was', async (_case, overrides, message) => {
    const { authorization } = await createEditor()
    const created = (await create(authorization, post())).body.blogPost
    const before = await posts.find({ id: created.id })

    const { status, body } = await update(authorization, { id: created.id, ...post({ title: 'Changed' }), ...overrides })

    expect(status).toBe(400)
    expect(body).toEqual({ success: false, message })
    expect(await posts.find({ id: created.id })).toEqual(before)
  })

  it('keeps one whole version when two full edits of the same post race', async () => {
    const { authorization } = await createEditor()
    for (let round = 0; round < 3; round++) {
      const created = (await create(authorization, post({ title: `Race ${round}` }))).body.blogPost
      const a = {
        title: `Version A ${round}`,
        excerpt: 'Excerpt A',
        content: 'Body A',
        featuredImage: 'https://img.test.example/a.jpg',
        status: 'draft',
        tags: ['alpha'],
      }
      const b = {
        title: `Version B ${round}`,
        excerpt: 'Excerpt B',
        content: 'Body B, longer',
        featuredImage: 'https://img.test.example/b.jpg',
        status: 'published',
        tags: ['beta', 'bravo'],
      }

      const answers = await Promise.all([update(authorization, { id: created.id, ...a }), update(authorization, { id: created.id, ...b })])

      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      const stored = await posts.find({ id: created.id })
      expect([a, b]).toContainEqual(editable(stored!))
      // What the editor opens next is the same whole version as the list.
      const opened = (await getOne(authorization, created.id)).body.blogPost
      expect(editable(opened)).toEqual(editable(stored!))
    }
  })
})

describe('DELETE /api/admin/blog-posts/{id}', () => {
  it('deletes the post, and the public list no longer shows it', async () => {
    const { authorization } = await createEditor()
    const kept = (await create(authorization, post({ title: 'Kept', status: 'published' }))).body.blogPost
    const gone = (await create(authorization, post({ title: 'Gone', status: 'published' }))).body.blogPost
    expect((await publicSlugs()).sort()).toEqual(['gone', 'kept'])

    const { status, body } = await remove(authorization, gone.id)

    expect(status).toBe(200)
    expect(body).toEqual({ success: true, message: 'Blog post deleted successfully' })
    expect(await publicSlugs()).toEqual([kept.slug])
    expect((await call(blogPosts, { path: '/api/blog-posts?slug=gone' })).status).toBe(404)
    expect((await getOne(authorization, gone.id)).status).toBe(404)
  })

  it.each(['no-such-post', 'x'.repeat(65), '../index'])('answers 404 to the id %j', async (id) => {
    const { authorization } = await createEditor()
    await create(authorization, post())
    const { status, body } = await remove(authorization, id)
    expect(status).toBe(404)
    expect(body).toEqual({ success: false, message: 'Blog post not found' })
    expect(await posts.list()).toHaveLength(1)
  })
})
