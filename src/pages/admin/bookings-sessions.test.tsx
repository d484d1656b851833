import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { adminAvailability, adminSession, adminSessions, bookingSlots } from '#domain/api/booking.ts'
import { DEFAULT_AVAILABILITY } from '#domain/availability.ts'
import { SESSION_MESSAGES, type AdminSession } from '#domain/booking-session.ts'
import { session as signedIn } from '#src/testing/factories.ts'
import { fail, mock } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { server } from '#src/testing/server.ts'

let n = 0
function booked(start: string, overrides: Partial<AdminSession> = {}): AdminSession {
  n++
  return {
    id: `s${n}`,
    service: '1-1 Financial Coaching',
    minutes: 60,
    location: { kind: 'video' },
    start,
    end: new Date(Date.parse(start) + 60 * 60_000).toISOString(),
    timeZone: 'Europe/London',
    firstName: 'Jane',
    lastName: `Doe ${n}`,
    email: `jane${n}@test.example`,
    country: 'Ghana',
    message: 'Hello',
    status: 'booked',
    createdAt: '2099-11-01T10:00:00.000Z',
    ...overrides,
  }
}

/** Her sessions (her zone New York), as the function lists them: soonest first. */
const SESSIONS = [
  booked('2099-12-01T15:00:00.000Z'),
  // 23:30 on the 1st in New York, though the 2nd in UTC: her day.
  booked('2099-12-02T04:30:00.000Z', { service: 'Investment Coaching', minutes: 30, end: '2099-12-02T05:00:00.000Z' }),
  booked('2099-12-03T14:00:00.000Z', { status: 'cancelled' }),
]

async function open(sessions = SESSIONS) {
  const calls: { method: string; url: string; body?: unknown }[] = []
  server.use(
    ...mock(adminSessions, 'GET', () => ({ sessions })),
    ...mock(adminAvailability, 'GET', () => ({ availability: DEFAULT_AVAILABILITY, serviceTitles: [], feedUrl: null })),
    ...mock(adminSession, 'DELETE', ({ request, params }) => {
      calls.push({ method: 'DELETE', url: request.url })
      const session = sessions.find((each) => each.id === params.id)!
      return { session: { ...session, status: 'cancelled' as const }, message: SESSION_MESSAGES.adminCancelled }
    }),
  )
  const view = await renderRoute('/admin/bookings?view=sessions', { session: signedIn({ role: 'admin' }) })
  await screen.findByText('Tuesday 1 December 2099', { selector: 'h2' })
  return { ...view, calls }
}

const day = (heading: string) => within(screen.getByText(heading, { selector: 'h2' }).closest('section')!)
const lines = (heading: string) =>
  day(heading)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent?.trim())

describe('the upcoming sessions on the Bookings screen (/admin/bookings?view=sessions)', () => {
  it('lists them by day in her zone and her words, a cancelled one without its buttons', async () => {
    await open()
    expect(screen.getByRole('tab', { name: 'Upcoming sessions' }).getAttribute('aria-selected')).toBe('true')
    expect(lines('Tuesday 1 December 2099')).toEqual([
      '10:00–11:00 · 1-1 Financial Coaching · Jane Doe 1',
      '23:30–00:00 · Investment Coaching · Jane Doe 2',
    ])
    expect(lines('Thursday 3 December 2099')).toEqual(['09:00–10:00 · 1-1 Financial Coaching · Jane Doe 3 Cancelled'])
    expect(day('Thursday 3 December 2099').queryByRole('button')).toBeNull()
  })

  it('cancels a session once she confirms', async () => {
    const { user, calls } = await open()
    await user.click(
      day('Tuesday 1 December 2099').getByRole('button', { name: /^Cancel ?Jane Doe 1's session on Tuesday 1 December 2099 at 10:00/ }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' })
    expect(dialog.textContent).toContain("Jane Doe 1's 1-1 Financial Coaching on Tuesday 1 December 2099 at 10:00 is cancelled")
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(calls).toEqual([])
    await user.click(
      day('Tuesday 1 December 2099').getByRole('button', { name: /^Cancel ?Jane Doe 1's session on Tuesday 1 December 2099 at 10:00/ }),
    )
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel session' }))
    expect((await screen.findByRole('status')).textContent).toContain(SESSION_MESSAGES.adminCancelled)
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/admin/sessions/s1'])
    // Shown cancelled though the list, read again at once, does not say so yet.
    await waitFor(() => expect(lines('Tuesday 1 December 2099')[0]).toBe('10:00–11:00 · 1-1 Financial Coaching · Jane Doe 1 Cancelled'))
  })

  it('moves a session to a free time of its service, and reads the times again when one was just taken', async () => {
    const { user } = await open()
    const asked: string[] = []
    const moves: unknown[] = []
    server.use(
      ...mock(bookingSlots, 'GET', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('service') ?? '')
        return { slots: ['2099-12-04T14:00:00.000Z', '2099-12-04T15:00:00.000Z', '2099-12-05T14:00:00.000Z'] }
      }),
      ...mock(adminSession, 'POST', async ({ request }) => {
        const { start } = (await request.json()) as { start: string }
        moves.push({ start })
        if (moves.length === 1) return fail(409, SESSION_MESSAGES.taken)
        const end = new Date(Date.parse(start) + 60 * 60_000).toISOString()
        return { session: { ...SESSIONS[0]!, start, end }, message: SESSION_MESSAGES.adminMoved }
      }),
    )
    await user.click(day('Tuesday 1 December 2099').getByRole('button', { name: /^Move ?Jane Doe 1's/ }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Move this session' }))
    const select = (await dialog.findByLabelText('Day')) as HTMLSelectElement
    expect([...select.options].map((option) => option.text)).toEqual(['Friday 4 December 2099', 'Saturday 5 December 2099'])
    expect(dialog.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['09:00', '10:00'])
    await user.click(dialog.getByRole('radio', { name: '10:00' }))
    await user.click(dialog.getByRole('button', { name: 'Move session' }))
    expect((await dialog.findByRole('alert')).textContent).toBe(SESSION_MESSAGES.taken)
    await waitFor(() => expect(asked).toHaveLength(2))

    await user.selectOptions(select, '2099-12-05')
    await user.click(dialog.getByRole('radio', { name: '09:00' }))
    await user.click(dialog.getByRole('button', { name: 'Move session' }))
    expect((await screen.findByRole('status')).textContent).toContain(SESSION_MESSAGES.adminMoved)
    expect(moves).toEqual([{ start: '2099-12-04T15:00:00.000Z' }, { start: '2099-12-05T14:00:00.000Z' }])
    expect(asked).toEqual(['1-1 Financial Coaching', '1-1 Financial Coaching'])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(lines('Saturday 5 December 2099')).toEqual(['09:00–10:00 · 1-1 Financial Coaching · Jane Doe 1'])
  })

  it('says when nothing is booked, and where her free times are set', async () => {
    server.use(
      ...mock(adminSessions, 'GET', () => ({ sessions: [] })),
      ...mock(adminAvailability, 'GET', () => ({ availability: DEFAULT_AVAILABILITY, serviceTitles: [], feedUrl: null })),
    )
    await renderRoute('/admin/bookings?view=sessions', { session: signedIn({ role: 'admin' }) })
    expect(await screen.findByText('No sessions booked yet.')).toBeTruthy()
    const panel = screen.getByText('No sessions booked yet.').closest('section')!
    expect(within(panel).getByRole('link', { name: 'Availability' }).getAttribute('href')).toBe('/admin/availability')
  })
})
