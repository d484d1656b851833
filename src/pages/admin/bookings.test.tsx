import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { StoredBooking } from '#domain/booking.ts'
import { session } from '#src/testing/factories.ts'
import { ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { server } from '#src/testing/server.ts'

let n = 0
function booking(overrides: Partial<StoredBooking>): StoredBooking {
  n++
  return {
    id: `b${n}`,
    firstName: 'Grace',
    lastName: `Visitor ${n}`,
    email: `visitor${n}@test.example`,
    country: 'Ghana',
    service: 'Not sure yet',
    message: 'Hello',
    status: 'new',
    emailStatus: 'sent',
    emailAttempts: 1,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  }
}

const rows = () => screen.getAllByRole('row').slice(1)

async function open(path: string, bookings: StoredBooking[]) {
  server.use(http.get('/api/admin/bookings', () => ok({ bookings })))
  const view = await renderRoute(path, { session: session({ role: 'admin' }) })
  await screen.findByRole('heading', { name: 'Bookings' })
  return view
}

describe('the Bookings inbox (/admin/bookings)', () => {
  const all = [
    booking({ firstName: 'Ada', service: 'Speaking Engagements' }),
    booking({ firstName: 'Bea', service: 'A service renamed since' }),
    booking({ firstName: 'Cora' }),
  ]

  it("shows each booking's service", async () => {
    await open('/admin/bookings', all)
    await screen.findByText('Not sure yet', { selector: 'td span' })
    expect(rows().map((row) => within(row).getByText(/^Service:/).parentElement?.textContent)).toEqual([
      'Service: Speaking Engagements',
      'Service: A service renamed since',
      'Service: Not sure yet',
    ])
  })

  it('filters by service, offering the listed services, Not sure yet and those the bookings carry, kept in the address', async () => {
    const { user, currentLocation } = await open('/admin/bookings', all)
    const select = screen.getByLabelText('Service') as HTMLSelectElement
    await screen.findByText('Not sure yet', { selector: 'td span' })
    expect([...select.options].map((option) => option.text)).toEqual([
      'All services',
      '1-1 Financial Coaching',
      'Investment Coaching',
      'Pre-Marital Financial Coaching',
      'Post-Marital Financial Coaching',
      'Speaking Engagements',
      'Not sure yet',
      'A service renamed since',
    ])

    await user.selectOptions(select, 'A service renamed since')
    expect(currentLocation().search).toBe('?service=A+service+renamed+since')
    expect(rows()).toHaveLength(1)
    expect(rows()[0]!.textContent).toContain('Bea Visitor')

    await user.selectOptions(select, 'All services')
    expect(currentLocation().search).toBe('')
    expect(rows()).toHaveLength(3)
  })

  it('says so when no booking is about the chosen service, and shows them all again', async () => {
    const { user } = await open('/admin/bookings?service=Investment+Coaching', all)
    expect(await screen.findByText('No booking requests for "Investment Coaching".')).toBeTruthy()
    expect((screen.getByLabelText('Service') as HTMLSelectElement).value).toBe('Investment Coaching')
    await user.click(screen.getByRole('button', { name: 'Show all bookings' }))
    expect(await screen.findAllByRole('row')).toHaveLength(4)
  })

  it('says there are none yet when there are none', async () => {
    await open('/admin/bookings', [])
    expect(await screen.findByText('No booking requests yet.')).toBeTruthy()
  })
})
