import { screen } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { PASSWORD_RESET_MESSAGES, USER_MESSAGES } from '#domain/admin-user.ts'
import { readSession } from '#src/lib/session.ts'
import { fail, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const bodiesSentTo = (path: string) =>
  Promise.all(
    sentRequests()
      .filter((r) => new URL(r.url).pathname === path)
      .map((r) => r.clone().json()),
  )

describe('the page a reset link opens', () => {
  it('checks the link, takes the new password twice, signs her in and opens My account with what happened', async () => {
    server.use(
      http.post('/api/admin/password-reset/check', () => ok({ username: 'grace' })),
      http.post('/api/admin/password-reset', () =>
        ok({ message: PASSWORD_RESET_MESSAGES.done, token: 'new-token', user: { username: 'grace', role: 'admin' } }),
      ),
    )
    const { user, currentLocation } = await renderRoute('/admin/reset-password#token=the.link.token')

    expect(await screen.findByText('grace')).toBeTruthy()
    // Read, then taken out of the address: a link left open on a shared computer cannot be used later.
    expect(currentLocation()).toMatchObject({ pathname: '/admin/reset-password', hash: '' })
    await user.type(screen.getByLabelText('New password'), 'lanterns over the quiet harbour')
    await user.type(screen.getByLabelText('Confirm new password'), 'lanterns over the quiet harbour')
    await user.click(screen.getByRole('button', { name: 'Set my new password' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe(PASSWORD_RESET_MESSAGES.done)
    expect(currentLocation().pathname).toBe('/admin/account')
    expect(readSession()).toEqual({ token: 'new-token', user: { username: 'grace', role: 'admin' } })
    expect(await bodiesSentTo('/api/admin/password-reset/check')).toEqual([{ token: 'the.link.token' }])
    expect(await bodiesSentTo('/api/admin/password-reset')).toEqual([
      { token: 'the.link.token', newPassword: 'lanterns over the quiet harbour', confirmPassword: 'lanterns over the quiet harbour' },
    ])
  })

  it('says at once when the link no longer works, and offers a new one', async () => {
    server.use(http.post('/api/admin/password-reset/check', () => fail(410, PASSWORD_RESET_MESSAGES.expired)))
    await renderRoute('/admin/reset-password#token=an.old.link')
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.expired)
    expect(screen.queryByLabelText('New password')).toBeNull()
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/admin/forgot-password')
  })

  it('shows the server’s refusal of a weak password under the form, which stays', async () => {
    const weak = `${USER_MESSAGES.weakPassword} This is similar to a commonly used password.`
    server.use(
      http.post('/api/admin/password-reset/check', () => ok({ username: 'grace' })),
      http.post('/api/admin/password-reset', () => fail(400, weak)),
    )
    const { user } = await renderRoute('/admin/reset-password#token=the.link.token')
    await screen.findByText('grace')
    await user.type(screen.getByLabelText('New password'), 'Password1!')
    await user.type(screen.getByLabelText('Confirm new password'), 'Password1!')
    await user.click(screen.getByRole('button', { name: 'Set my new password' }))
    expect((await screen.findByRole('alert')).textContent).toBe(weak)
    expect(screen.getByLabelText('New password')).toBeTruthy()
    expect(readSession()).toBeNull()
  })

  it('without a token in the address, says the link is not valid and asks the server nothing', async () => {
    await renderRoute('/admin/reset-password')
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.invalid)
    expect(sentRequests().filter((r) => r.url.includes('password-reset'))).toHaveLength(0)
  })
})
