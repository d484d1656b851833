import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { postSummary } from '#src/testing/factories.ts'
import { fail, gate, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const subscribeRequests = (path = '/api/subscribers') =>
  sentRequests().filter((r) => r.method === 'POST' && new URL(r.url).pathname === path)

async function openBlog() {
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
  const view = await renderRoute('/blog')
  const email = (await screen.findByLabelText('Email address')) as HTMLInputElement
  const subscribe = () => view.user.click(screen.getByRole('button', { name: /^(Subscribe|Submitting…)$/ }))
  return { ...view, alert, email, subscribe }
}

describe('the newsletter signup (/blog)', () => {
  it.each(['', '   ', 'grace', 'not-an-email', 'grace@example', 'name@example', 'a@b', '@example.com', 'grace @example.com', 'a b@c.d'])(
    'alerts "Please enter a valid email" for %j and sends nothing',
    async (typed) => {
      const { user, alert, email, subscribe } = await openBlog()
      if (typed) await user.type(email, typed)
      await subscribe()
      expect(alert).toHaveBeenCalledExactlyOnceWith('Please enter a valid email')
      expect(subscribeRequests()).toHaveLength(0)
      // An email input drops surrounding spaces itself; what was typed otherwise stays.
      expect(email.value).toBe(typed.trim())
    },
  )

  it('reads "Submitting…" and is disabled while in flight, then alerts success and clears the field', async () => {
    const held = gate()
    server.use(
      http.post('/api/subscribers', async () => {
        await held.opened
        return ok({ message: 'Subscribed successfully!' })
      }),
    )
    const { user, alert, email, subscribe } = await openBlog()
    await user.type(email, '  Grace@Test.Example ')
    await subscribe()

    const button = (await screen.findByRole('button', { name: 'Submitting…' })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(alert).not.toHaveBeenCalled()
    held.open()

    await waitFor(() => expect(alert).toHaveBeenCalledExactlyOnceWith('Subscribed successfully!'))
    // What to do next stays on the page once the alert is closed.
    const status = screen.getAllByRole('status').find((region) => region.textContent?.includes('Almost there'))
    expect(status?.textContent).toBe(
      'Almost there: we have sent you an email.Open it and press "Confirm my subscription" to start receiving the newsletter. Already subscribed? Then there is nothing more to do.',
    )
    expect(email.value).toBe('')
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(false)
    expect(await subscribeRequests()[0]?.json()).toMatchObject({ email: 'grace@test.example' })
  })

  it('alerts its own success text when the server gives none', async () => {
    server.use(http.post('/api/subscribers', () => ok()))
    const { user, alert, email, subscribe } = await openBlog()
    await user.type(email, 'grace@test.example')
    await subscribe()
    await waitFor(() => expect(alert).toHaveBeenCalledExactlyOnceWith('Subscribed successfully!'))
  })

  it.each([
    ['the server message', () => fail(429, 'Too many sign-ups. Please try again later.'), 'Too many sign-ups. Please try again later.'],
    ['"Subscription failed" without one', () => fail(500), 'Subscription failed'],
    ['the network message when the server cannot be reached', () => HttpResponse.error(), 'Something went wrong. Please try again later.'],
  ])('alerts %s and keeps the address', async (_, respond, message) => {
    server.use(http.post('/api/subscribers', respond))
    const { user, alert, email, subscribe } = await openBlog()
    await user.type(email, 'grace@test.example')
    await subscribe()
    await waitFor(() => expect(alert).toHaveBeenCalledExactlyOnceWith(message))
    expect(email.value).toBe('grace@test.example')
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('posts to the serverless function on the hosting domain, as the blog list does', async () => {
    const origin = 'https://coach.netlify.app'
    vi.stubGlobal('location', { hostname: 'coach.netlify.app', href: `${origin}/blog`, origin })
    server.use(
      http.get(`${origin}/api/content`, () => ok({ content: {} })),
      http.get(`${origin}/.netlify/functions/blog-posts`, () => ok({ blogPosts: [postSummary({ title: 'From the function' })] })),
      http.post(`${origin}/.netlify/functions/subscribers`, () => ok({ message: 'Subscribed successfully!' })),
    )
    const { user, alert, email, subscribe } = await openBlog()
    expect(await screen.findByRole('link', { name: 'From the function' })).toBeTruthy()
    await user.type(email, 'grace@test.example')
    await subscribe()
    await waitFor(() => expect(alert).toHaveBeenCalledExactlyOnceWith('Subscribed successfully!'))
    expect(subscribeRequests('/.netlify/functions/subscribers')).toHaveLength(1)
    expect(subscribeRequests('/api/subscribers')).toHaveLength(0)
  })
})
