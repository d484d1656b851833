import { describe, expect, it } from 'vitest'
import { DEFAULT_AVAILABILITY, type Availability } from '#domain/availability.ts'
import * as adminAvailability from '#functions/admin-availability.ts'
import * as adminCalendarFeed from '#functions/admin-calendar-feed.ts'
import { activity } from '#lib/data/activity.ts'
import { content } from '#lib/data/content.ts'
import { createAdmin, createEditor } from '#tests/support/auth.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { call } from '#tests/support/call.ts'

useBlobsServer()

type GetBody = { success: boolean; message?: string; availability: Availability; serviceTitles: string[]; feedUrl: string | null }

const PATH = '/api/admin/availability'
const get = (authorization: string) => call<GetBody>(adminAvailability, { path: PATH, headers: { authorization } })
const put = (authorization: string, body: unknown) =>
  call<GetBody>(adminAvailability, { method: 'PUT', path: PATH, body, headers: { authorization } })

const mine = (overrides: Partial<Availability> = {}): Availability => ({
  ...structuredClone(DEFAULT_AVAILABILITY),
  timeZone: 'Europe/London',
  services: [
    { name: '1-1 Financial Coaching', minutes: 30, location: { kind: 'phone', text: undefined }, confirmation: 'Grace will call you.' },
  ],
  ...overrides,
})

describe('GET/PUT /api/admin/availability', () => {
  it('answers the default until she saves, then hers; the Services page titles; no feed address yet', async () => {
    const { authorization } = await createAdmin()
    const before = await get(authorization)
    expect(before.status).toBe(200)
    expect(before.body.availability).toEqual(JSON.parse(JSON.stringify(DEFAULT_AVAILABILITY)))
    expect(before.body.serviceTitles).toContain('1-1 Financial Coaching')
    expect(before.body.serviceTitles).not.toContain('Not sure yet')
    expect(before.body.feedUrl).toBeNull()

    const saved = await put(authorization, mine())
    expect(saved.status).toBe(200)
    expect(saved.body.message).toBe('Availability saved')
    expect((await get(authorization)).body.availability.timeZone).toBe('Europe/London')
    expect((await get(authorization)).body.availability.services[0]!.confirmation).toBe('Grace will call you.')
  })

  it('records the save in the history, named as her screen names it, in her words', async () => {
    const { authorization, user } = await createAdmin()
    await put(authorization, mine({ datesOff: ['2030-12-25'] }))
    const [entry] = (await activity.list({})).entries
    expect(entry).toMatchObject({ subject: 'availability', label: 'Availability', action: 'updated', actor: { id: user.id } })
    const text = JSON.stringify(entry!.changes)
    expect(text).toContain('Wednesday, December 25')
    expect(text).not.toMatch(/2030-12-25|"timeZone"|minutes":/)
  })

  it('refuses a service the Services page does not list, and any invalid field, with the schema message', async () => {
    const { authorization } = await createAdmin()
    const unknown = mine({
      services: [{ name: 'Tarot Reading', minutes: 60, location: { kind: 'video', text: undefined }, confirmation: undefined }],
    })
    expect(await put(authorization, unknown)).toMatchObject({
      status: 400,
      body: { message: '“Tarot Reading” is not on the Services page' },
    })
    expect(await put(authorization, { ...mine(), timeZone: 'Mars/Olympus' })).toMatchObject({
      status: 400,
      body: { message: 'Choose a time zone from the list' },
    })
    expect((await put(authorization, { ...mine(), __proto__: { admin: true }, constructor: 'x' })).status).toBe(200)
    expect(Object.keys((await get(authorization)).body.availability)).not.toContain('constructor')
  })

  it('follows a renamed service: a save must use the new title', async () => {
    const { authorization } = await createAdmin()
    await content.save(
      { section: 'services', key: 'items', type: 'json', value: JSON.stringify([{ title: 'Money Coaching', text: 'One to one.' }]) },
      'test',
    )
    expect((await get(authorization)).body.serviceTitles).toEqual(['Money Coaching'])
    expect((await put(authorization, mine())).status).toBe(400)
    const renamed = mine({ services: [{ ...mine().services[0]!, name: 'Money Coaching' }] })
    expect((await put(authorization, renamed)).status).toBe(200)
  })

  it('is for admins only', async () => {
    const { authorization } = await createEditor()
    expect((await get(authorization)).status).toBe(403)
    expect((await put(authorization, mine())).status).toBe(403)
  })
})

describe('POST /api/admin/calendar-feed', () => {
  it('makes her private address, shown by the availability call, and a new one in its place', async () => {
    const { authorization } = await createAdmin()
    const made = await call<{ success: boolean; feedUrl: string; message: string }>(adminCalendarFeed, {
      method: 'POST',
      path: '/api/admin/calendar-feed',
      headers: { authorization },
    })
    expect(made.status).toBe(200)
    expect(made.body.message).toBe('New calendar address made. The old one no longer works.')
    expect(made.body.feedUrl).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[\w-]{43}\.ics$/)
    expect((await get(authorization)).body.feedUrl).toBe(made.body.feedUrl)
    const again = await call<{ success: boolean; feedUrl: string }>(adminCalendarFeed, {
      method: 'POST',
      path: '/api/admin/calendar-feed',
      headers: { authorization },
    })
    expect(again.body.feedUrl).not.toBe(made.body.feedUrl)
    expect((await get(authorization)).body.feedUrl).toBe(again.body.feedUrl)
  })
})
