import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { postSummary } from '#src/testing/factories.ts'
import { answer, fail, gate, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const postList = () => screen.getByRole('list', { name: 'Posts' })
const cardTitles = () =>
  within(postList())
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)
const card = (title: string) => screen.getByRole('link', { name: title }).closest('article') as HTMLElement
const topic = (name: string) => within(screen.getByRole('group', { name: 'Filter by topic' })).getByRole('button', { name })

const budgeting = postSummary({ title: 'Budgeting basics', tags: ['Budgeting'] })
const marriage = postSummary({ title: 'Money and marriage', tags: ['Marriage', 'Budgeting'] })
const giving = postSummary({ title: 'Joyful giving', tags: ['Generosity'] })

describe('the blog page', () => {
  it('shows a loading state, then a card for each published post only', async () => {
    const held = gate()
    server.use(
      http.get('/api/blog-posts', async () => {
        await held.opened
        return ok({ blogPosts: [budgeting, postSummary({ title: 'Unfinished draft', status: 'draft', publishedAt: null }), giving] })
      }),
    )
    await renderRoute('/blog')
    expect(await screen.findByText('Loading posts…')).toBeTruthy()
    held.open()

    await screen.findByRole('list', { name: 'Posts' })
    expect(cardTitles()).toEqual(['Budgeting basics', 'Joyful giving'])
    expect(screen.queryByText('Unfinished draft')).toBeNull()
    expect(screen.queryByText('Loading posts…')).toBeNull()
    expect(screen.getByRole('link', { name: 'Joyful giving' }).getAttribute('href')).toBe(`/blog/${giving.slug}`)
  })

  it('filters by tag with pressed buttons: All Posts plus each tag of a published post, sorted', async () => {
    server.use(...answer.blogPosts([budgeting, marriage, giving, postSummary({ status: 'draft', tags: ['Secret'] })]))
    const { user } = await renderRoute('/blog')
    await screen.findByRole('list', { name: 'Posts' })

    const buttons = within(screen.getByRole('group', { name: 'Filter by topic' })).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['All Posts', 'Budgeting', 'Generosity', 'Marriage'])
    expect(topic('All Posts').getAttribute('aria-pressed')).toBe('true')

    await user.click(topic('Budgeting'))
    await waitFor(() => expect(cardTitles()).toEqual(['Budgeting basics', 'Money and marriage']))
    expect(topic('Budgeting').getAttribute('aria-pressed')).toBe('true')
    expect(topic('All Posts').getAttribute('aria-pressed')).toBe('false')

    await user.click(topic('All Posts'))
    await waitFor(() => expect(cardTitles()).toEqual(['Budgeting basics', 'Money and marriage', 'Joyful giving']))
    expect(sentRequests().filter((r) => new URL(r.url).pathname === '/api/blog-posts')).toHaveLength(1)
  })

  it("writes a topic's address the one way the server keeps it (a space as %20, never +)", async () => {
    server.use(...answer.blogPosts([postSummary({ title: 'Both at once', tags: ['Money & Faith'] })]))
    const { user, currentLocation } = await renderRoute('/blog')
    await screen.findByRole('list', { name: 'Posts' })
    await user.click(topic('Money & Faith'))
    await waitFor(() => expect(currentLocation().search).toBe('?tag=Money%20%26%20Faith'))
    expect(topic('Money & Faith').getAttribute('aria-pressed')).toBe('true')
  })

  it('never repeats text from the address longer than a tag can be', async () => {
    server.use(...answer.blogPosts([budgeting]))
    const words = 'Our site has moved: call 555-0100 to claim your refund'
    await renderRoute(`/blog?tag=${encodeURIComponent(words)}`)
    expect(await screen.findByText('No posts with that topic yet.')).toBeTruthy()
    expect(screen.queryByText(/555-0100/)).toBeNull()
  })

  it('says "No blog posts available yet." when nothing is published', async () => {
    server.use(...answer.blogPosts([postSummary({ status: 'draft' })]))
    await renderRoute('/blog')
    expect(await screen.findByText('No blog posts available yet.')).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Filter by topic' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'View all posts' })).toBeNull()
  })

  it('tells when no post has the tag, with a button back to all posts', async () => {
    server.use(...answer.blogPosts([budgeting, giving]))
    const { user, currentLocation } = await renderRoute('/blog?tag=Investing')
    expect(await screen.findByText('No posts tagged "Investing" yet.')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'View all posts' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Budgeting basics', 'Joyful giving']))
    expect(topic('All Posts').getAttribute('aria-pressed')).toBe('true')
    expect(currentLocation().search).toBe('')
  })

  it('shows the empty state and only logs a warning when loading fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.get('/api/blog-posts', () => fail(500, 'Boom')))
    await renderRoute('/blog')
    expect(await screen.findByText('No blog posts available yet.')).toBeTruthy()
    expect(warn).toHaveBeenCalledWith('Could not load blog posts.', expect.anything())
  })

  it('shows at most 2 tags on a card', async () => {
    server.use(...answer.blogPosts([postSummary({ title: 'Many topics', tags: ['Budgeting', 'Debt', 'Saving'] })]))
    await renderRoute('/blog')
    await screen.findByRole('list', { name: 'Posts' })
    const tags = within(card('Many topics')).getByRole('list', { name: 'Tags' })
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Budgeting', 'Debt'])
  })

  it('shows the excerpt, or without one the first 150 characters of the content stripped of markdown', async () => {
    const sentence = 'Every dollar needs a job before the month begins, and a plan written together keeps the peace at home. '
    const content = `## Start **here**\n\nRead [the guide](https://example.test/guide) first. ${sentence.repeat(2)}`
    const plain = `Start here Read the guide first. ${sentence.repeat(2)}`.trim()
    server.use(
      ...answer.blogPosts([
        postSummary({ title: 'With excerpt', excerpt: 'A short summary.' }),
        // The list carries no body today (see the report); a list that does must still get a fallback.
        { ...postSummary({ title: 'Without excerpt', excerpt: '' }), content } as ReturnType<typeof postSummary>,
      ]),
    )
    await renderRoute('/blog')
    await screen.findByRole('list', { name: 'Posts' })
    expect(within(card('With excerpt')).getByText('A short summary.')).toBeTruthy()
    expect(within(card('Without excerpt')).getByText(`${plain.slice(0, 150)}...`)).toBeTruthy()
  })

  it('dates cards in US long format, by publication date or else creation date', async () => {
    server.use(
      ...answer.blogPosts([
        postSummary({ title: 'Published', publishedAt: '2025-03-05T12:00:00.000Z', createdAt: '2025-01-02T12:00:00.000Z' }),
        postSummary({ title: 'Never dated', publishedAt: null, createdAt: '2024-12-25T12:00:00.000Z' }),
      ]),
    )
    await renderRoute('/blog')
    await screen.findByRole('list', { name: 'Posts' })
    expect(within(card('Published')).getByText('March 5, 2025')).toBeTruthy()
    expect(within(card('Never dated')).getByText('December 25, 2024')).toBeTruthy()
  })

  it('shows the placeholder when a card image fails to load', async () => {
    server.use(...answer.blogPosts([postSummary({ title: 'Pictured', featuredImage: 'https://img.test.example/broken.jpg' })]))
    await renderRoute('/blog')
    await screen.findByRole('list', { name: 'Posts' })
    const image = card('Pictured').querySelector('img')
    expect(image?.getAttribute('src')).toBe('https://img.test.example/broken.jpg')
    fireEvent.error(image!)
    await waitFor(() => expect(card('Pictured').querySelector('img')).toBeNull())
    expect(within(card('Pictured')).getByText('P')).toBeTruthy()
  })
})
