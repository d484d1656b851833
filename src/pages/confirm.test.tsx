import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { CONFIRM_MESSAGES } from '#domain/subscriber-messages.ts'
import { fail, gate, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const TOKEN = 'aaaa.bbbb.cccc'
const confirmButton = () => screen.getByRole('button', { name: 'Confirm my subscription' })
const confirmCalls = () => sentRequests().filter((request) => new URL(request.url).pathname === '/api/subscribers/confirm')

describe('the confirm page (/confirm)', () => {
  it('sends nothing until the button is pressed, then one POST with the token, and says it is confirmed', async () => {
    const held = gate()
    server.use(
      http.post('/api/subscribers/confirm', async () => {
        await held.opened
        return ok({ status: 'confirmed', message: 'Thank you! Your subscription is confirmed.' })
      }),
    )
    const { user } = await renderRoute(`/confirm?token=${TOKEN}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeTruthy()
    expect(confirmCalls()).toEqual([])

    await user.click(confirmButton())
    const working = await screen.findByRole('button', { name: 'Confirming…' })
    expect((working as HTMLButtonElement).disabled).toBe(true)
    held.open()

    const done = await screen.findByText('Thank you! Your subscription is confirmed.')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You are subscribed')
    await waitFor(() => expect(document.activeElement).toBe(done))
    expect(confirmCalls()).toHaveLength(1)
    expect(confirmCalls()[0]?.method).toBe('POST')
    expect(await confirmCalls()[0]?.json()).toEqual({ token: TOKEN })
  })

  it('says so when the subscription was already confirmed', async () => {
    server.use(
      http.post('/api/subscribers/confirm', () =>
        ok({ status: 'already-confirmed', message: 'Your subscription was already confirmed. Nothing more to do.' }),
      ),
    )
    const { user } = await renderRoute(`/confirm?token=${TOKEN}`)
    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }))
    expect(await screen.findByText('Your subscription was already confirmed. Nothing more to do.')).toBeTruthy()
  })

  it('offers to subscribe again for a link the server refuses', async () => {
    server.use(
      http.post('/api/subscribers/confirm', () => fail(400, 'This confirmation link has expired or is not valid. Please subscribe again.')),
    )
    const { user } = await renderRoute(`/confirm?token=${TOKEN}`)
    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link has expired or is not valid. Please subscribe again.',
    )
    expect(screen.getByRole('link', { name: 'Subscribe again' }).getAttribute('href')).toBe('/blog#newsletter')
    expect(screen.queryByRole('button', { name: 'Confirm my subscription' })).toBeNull()
  })

  it('says plainly that an address mail has stopped to cannot be confirmed, with no offer to subscribe again', async () => {
    server.use(http.post('/api/subscribers/confirm', () => fail(400, CONFIRM_MESSAGES.stopped)))
    const { user } = await renderRoute(`/confirm?token=${TOKEN}`)
    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }))
    expect((await screen.findByRole('alert')).textContent).toBe(CONFIRM_MESSAGES.stopped)
    expect(screen.queryByRole('link', { name: 'Subscribe again' })).toBeNull()
  })

  it('offers to subscribe again at once when the link has no token, and sends nothing', async () => {
    await renderRoute('/confirm')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link has expired or is not valid. Please subscribe again.',
    )
    expect(confirmCalls()).toEqual([])
  })

  it('keeps the button for another try when the server cannot be reached', async () => {
    server.use(http.post('/api/subscribers/confirm', () => HttpResponse.error()))
    const { user } = await renderRoute(`/confirm?token=${TOKEN}`)
    await user.click(await screen.findByRole('button', { name: 'Confirm my subscription' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please check your connection and try again.')
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(false)
  })
})
