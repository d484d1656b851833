import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests } from '#src/testing/server.ts'

// The form loads its checks when a field is first focused (first-load budget); a dropped connection can
// stop that. Its own file: once loaded, the checks stay for the life of the module.
vi.mock('#domain/booking.ts', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

describe('the booking form when its checks cannot load', () => {
  it('says something went wrong, sends nothing and keeps what was typed', async () => {
    const { user } = await renderRoute('/book-now')
    await user.type(await screen.findByLabelText('First Name'), 'Grace')
    await user.type(screen.getByLabelText('Email'), 'grace@test.example')
    await user.click(screen.getByRole('button', { name: 'Send Request' }))
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy()
    expect(sentRequests().filter((r) => r.method === 'POST')).toHaveLength(0)
    expect(screen.getByLabelText('First Name')).toHaveProperty('value', 'Grace')
    expect(screen.getByRole('button', { name: 'Send Request' })).toHaveProperty('disabled', false)
  })
})
