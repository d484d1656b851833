import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { initialDataScript } from '#domain/initial-data.ts'
import { renderedPost } from '#src/testing/factories.ts'
import { answer, fail, gate, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const post = renderedPost({
  slug: 'money-and-marriage',
  title: 'Money and marriage',
  author: 'grace Adeyemi',
  excerpt: 'Talk about money before it talks for you.',
  tags: ['Marriage', 'Budgeting', 'Debt'],
  featuredImage: 'https://img.test.example/couple.jpg',
  publishedAt: '2025-03-05T12:00:00.000Z',
  readingMinutes: 4,
  html: '<h2>Start with a conversation</h2><p>Set a <strong>weekly</strong> money date.</p><ul><li>Share your numbers</li></ul>',
})

describe('a blog post page', () => {
  it('shows a loading state, then the post: breadcrumb, tags, title, author, date, image, excerpt and body', async () => {
    const held = gate()
    server.use(
      http.get('/api/blog-posts', async () => {
        await held.opened
        return ok({ blogPost: post })
      }),
    )
    const { container } = await renderRoute('/blog/money-and-marriage')
    expect(await screen.findByText('Loading post…')).toBeTruthy()
    held.open()

    expect(await screen.findByRole('heading', { level: 1, name: 'Money and marriage' })).toBeTruthy()
    const request = sentRequests().find((r) => new URL(r.url).pathname === '/api/blog-posts')
    expect(new URL(request!.url).searchParams.get('slug')).toBe('money-and-marriage')

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(breadcrumb).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/')
    expect(within(breadcrumb).getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog')
    expect(within(breadcrumb).getByText('Money and marriage').getAttribute('aria-current')).toBe('page')

    const tags = within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('link')
    expect(tags.map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Marriage', '/blog?tag=Marriage'],
      ['Budgeting', '/blog?tag=Budgeting'],
      ['Debt', '/blog?tag=Debt'],
    ])

    expect(screen.getByText('G')).toBeTruthy()
    expect(screen.getByText('grace Adeyemi')).toBeTruthy()
    expect(screen.getByText('March 5, 2025')).toBeTruthy()
    expect(screen.getByText('Talk about money before it talks for you.')).toBeTruthy()
    expect(container.querySelector('img[src="https://img.test.example/couple.jpg"]')).not.toBeNull()

    expect(screen.getByRole('heading', { level: 2, name: 'Start with a conversation' })).toBeTruthy()
    expect(screen.getByText('weekly').tagName).toBe('STRONG')
    expect(screen.getByText('Share your numbers').tagName).toBe('LI')
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog')
    await waitFor(() => expect(document.title).toBe('Money and marriage | Faithful Finances'))
  })

  it('hides the featured image after it fails to load', async () => {
    server.use(...answer.blogPosts([post]))
    const { container } = await renderRoute('/blog/money-and-marriage')
    await screen.findByRole('heading', { level: 1, name: 'Money and marriage' })
    const image = container.querySelector('img[src="https://img.test.example/couple.jpg"]')
    expect(image).not.toBeNull()
    fireEvent.error(image!)
    await waitFor(() => expect(container.querySelector('img[src="https://img.test.example/couple.jpg"]')).toBeNull())
    expect(screen.getByRole('heading', { level: 1, name: 'Money and marriage' })).toBeTruthy()
  })

  it.each([
    ['a 404', () => fail(404, 'Blog post not found'), 'Blog post not found'],
    ['a 404 without a body', () => new HttpResponse(null, { status: 404 }), 'Blog post not found'],
    ['a draft', () => ok({ blogPost: { ...post, status: 'draft' } }), 'Blog post not found'],
    ['a 500', () => fail(500, 'Database exploded'), 'Failed to load blog post'],
    ['a network failure', () => HttpResponse.error(), 'Failed to load blog post'],
  ])('shows "Post Not Found" for %s', async (_, respond, reason) => {
    server.use(http.get('/api/blog-posts', respond))
    await renderRoute('/blog/money-and-marriage')
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Not Found' })).toBeTruthy()
    expect(screen.getByText(reason)).toBeTruthy()
    expect(screen.queryByText('Money and marriage')).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog')
  })

  it('draws a post the server rendered it with at once, without asking for it; a later visit asks', async () => {
    server.use(...answer.blogPosts([post]))
    document.body.insertAdjacentHTML('beforeend', initialDataScript({ path: '/blog/money-and-marriage', post }))
    const { user } = await renderRoute('/blog/money-and-marriage')
    // No loading state in between: the first render draws what the server drew.
    expect(screen.getByRole('heading', { level: 1, name: 'Money and marriage' })).toBeTruthy()
    expect(screen.queryByText('Loading post…')).toBeNull()
    expect(sentRequests().filter((r) => new URL(r.url).pathname === '/api/blog-posts')).toHaveLength(0)

    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Blog' }))
    await user.click(await screen.findByRole('link', { name: 'Money and marriage' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Money and marriage' })).toBeTruthy()
    expect(sentRequests().filter((r) => new URL(r.url).searchParams.get('slug') === 'money-and-marriage')).toHaveLength(1)
  })

  it('leaves data rendered for another page alone', async () => {
    server.use(...answer.blogPosts([post]))
    document.body.insertAdjacentHTML(
      'beforeend',
      initialDataScript({ path: '/blog/another-post', post: { ...post, title: 'Not this one' } }),
    )
    await renderRoute('/blog/money-and-marriage')
    expect(await screen.findByRole('heading', { level: 1, name: 'Money and marriage' })).toBeTruthy()
    expect(screen.queryByText('Not this one')).toBeNull()
    document.getElementById('initial-data')?.remove()
  })
})
