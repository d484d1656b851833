import { screen } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { EMAIL_NOT_CONFIGURED } from '#domain/admin-stats.ts'
import { session } from '#src/testing/factories.ts'
import { ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { server } from '#src/testing/server.ts'

const notSetUp = { users: 1, contentItems: 0, lastUpdated: null, posts: 0, resources: 0, email: { transport: 'none', missing: ['SENDGRID_API_KEY', 'BOOKING_TO_EMAIL'] } }

describe('a deployed site without email settings', () => {
  it.each(['/admin', '/admin/bookings'])('says so on %s, naming the missing settings', async (path) => {
    server.use(http.get('/api/admin/stats', () => ok({ stats: notSetUp })))
    await renderRoute(path, { session: session({ role: 'admin' }) })

    expect(await screen.findByText(EMAIL_NOT_CONFIGURED)).toBeTruthy()
    expect(screen.getByText('SENDGRID_API_KEY')).toBeTruthy()
    expect(screen.getByText('BOOKING_TO_EMAIL')).toBeTruthy()
  })

  it('says nothing when email is set up', async () => {
    await renderRoute('/admin', { session: session({ role: 'admin' }) })
    expect(await screen.findByText('SendGrid')).toBeTruthy()
    expect(screen.queryByText(EMAIL_NOT_CONFIGURED)).toBeNull()
  })
})
