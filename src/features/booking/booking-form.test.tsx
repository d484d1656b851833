import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { answer, fail, gate, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const BOOKING = '/.netlify/functions/send-booking-email'
const SUCCESS = "Thanks! Your request has been sent. We'll be in touch shortly."
const bookingRequests = () => sentRequests().filter((r) => new URL(r.url).pathname === BOOKING)

async function openForm() {
  const view = await renderRoute('/book-now')
  await screen.findByRole('button', { name: 'Send Request' })
  return view
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
const SERVICES = [
  '1-1 Financial Coaching',
  'Investment Coaching',
  'Pre-Marital Financial Coaching',
  'Post-Marital Financial Coaching',
  'Speaking Engagements',
]
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Send Request' }))

async function fillValid(user: UserEvent) {
  await user.type(field('First Name'), '  Grace ')
  await user.type(field('Last Name'), 'Hopper')
  await user.type(field('Email'), 'grace@test.example')
  await user.selectOptions(field('Country'), 'United States')
  await user.type(field('Your message'), 'Please speak at our stewardship weekend.')
}

describe('the booking form (/book-now)', () => {
  it('shows the six messages in order as the fields are filled one at a time, and sends nothing', async () => {
    const { user } = await openForm()
    const steps: [message: string, fill: () => Promise<void>][] = [
      ['First Name is required', () => user.type(field('First Name'), 'Grace')],
      ['Last Name is required', () => user.type(field('Last Name'), 'Hopper')],
      ['Email is required', () => user.type(field('Email'), 'grace@example')],
      ['Enter a valid email', () => user.type(field('Email'), '.com')],
      ['Country is required', () => user.selectOptions(field('Country'), 'Ghana')],
      ['Your message is required', () => user.type(field('Your message'), 'Hello')],
    ]
    for (const [message, fill] of steps) {
      await submit(user)
      const alerts = await screen.findAllByRole('alert')
      expect(alerts.map((a) => a.textContent)).toEqual([message])
      await fill()
    }
    expect(bookingRequests()).toHaveLength(0)

    await submit(user)
    expect(await screen.findByText(SUCCESS)).toBeTruthy()
    expect(bookingRequests()).toHaveLength(1)
  })

  it('marks and focuses the failing field', async () => {
    const { user } = await openForm()
    await user.type(field('First Name'), 'Grace')
    await submit(user)
    await screen.findByText('Last Name is required')
    expect(field('Last Name').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('Last Name'))
    expect(field('First Name').getAttribute('aria-invalid')).toBeNull()
  })

  it('treats a name of spaces as empty', async () => {
    const { user } = await openForm()
    await user.type(field('First Name'), '   ')
    await submit(user)
    expect(await screen.findByText('First Name is required')).toBeTruthy()
    expect(bookingRequests()).toHaveLength(0)
  })

  it('treats a message of spaces and line breaks as empty, as it does no country chosen', async () => {
    const { user } = await openForm()
    await user.type(field('First Name'), 'Ada')
    await user.type(field('Last Name'), 'Okafor')
    await user.type(field('Email'), 'ada@example.com')
    await user.type(field('Your message'), 'Hi')
    await submit(user)
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Country is required'])
    await user.selectOptions(field('Country'), 'Ghana')
    await user.clear(field('Your message'))
    await user.type(field('Your message'), ' {Enter} ')
    await submit(user)
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Your message is required'])
    expect(bookingRequests()).toHaveLength(0)
  })

  it.each(['a@b', 'no at.sign', 'two words@example.com', 'user@example', 'grace@example'])(
    'refuses %j as "Enter a valid email" and sends nothing',
    async (typed) => {
      const { user } = await openForm()
      await user.type(field('First Name'), 'Ada')
      await user.type(field('Last Name'), 'Okafor')
      await user.type(field('Email'), typed)
      await submit(user)
      expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Enter a valid email'])
      expect(field('Email').getAttribute('aria-invalid')).toBe('true')
      expect(bookingRequests()).toHaveLength(0)
    },
  )

  it('says "Sending…" while the request is in flight, then thanks and clears the form', async () => {
    const held = gate()
    server.use(
      http.post(BOOKING, async () => {
        await held.opened
        return ok({ message: SUCCESS })
      }),
    )
    const { user } = await openForm()
    await user.type(field('Phone (optional)'), '+1 555 0100')
    await fillValid(user)
    await submit(user)

    const button = await screen.findByRole('button', { name: 'Sending…' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    held.open()

    const status = await screen.findByText(SUCCESS)
    expect(within(screen.getByRole('status')).getByText(SUCCESS)).toBe(status)
    expect((screen.getByRole('button', { name: 'Send Request' }) as HTMLButtonElement).disabled).toBe(false)
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone (optional)', 'Country', 'Your message']) {
      expect(field(label).value).toBe('')
    }
    expect(field('Service').value).toBe('Not sure yet')

    const body = await bookingRequests()[0]?.json()
    expect(body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@test.example',
      phone: '+1 555 0100',
      country: 'United States',
      service: 'Not sure yet',
      message: 'Please speak at our stewardship weekend.',
    })
    expect(body).not.toHaveProperty('company')
  })

  it('offers "Choose your country" first, then the countries by name', async () => {
    await openForm()
    const options = [...(field('Country') as HTMLSelectElement).options].map((option) => [option.value, option.text])
    expect(options[0]).toEqual(['', 'Choose your country'])
    expect(options.map(([, text]) => text)).toEqual(expect.arrayContaining(['United States', 'United Kingdom', 'Nigeria', "Côte d'Ivoire"]))
    expect(options.length).toBeGreaterThan(240)
  })

  it('asks which service, offering "Not sure yet" (chosen) and the services the site lists', async () => {
    await openForm()
    const select = field('Service') as HTMLSelectElement
    expect([...select.options].map((option) => option.text)).toEqual(['Not sure yet', ...SERVICES])
    expect(select.value).toBe('Not sure yet')
  })

  it('offers the services as the coach renamed them', async () => {
    const items = JSON.stringify([{ title: 'Budget Coaching', text: 'One to one.' }, { title: 'Church Workshops', text: 'For groups.' }])
    server.use(...answer.content({ services: { items } }))
    await openForm()
    await vi.waitFor(() =>
      expect([...(field('Service') as HTMLSelectElement).options].map((option) => option.text)).toEqual([
        'Not sure yet',
        'Budget Coaching',
        'Church Workshops',
      ]),
    )
  })

  it('sends the chosen service', async () => {
    const { user } = await openForm()
    await fillValid(user)
    await user.selectOptions(field('Service'), 'Speaking Engagements')
    await submit(user)
    await screen.findByText(SUCCESS)
    expect(await bookingRequests()[0]?.json()).toMatchObject({ country: 'United States', service: 'Speaking Engagements' })
  })

  it('starts with the service named in the address (?service=), if the site lists it', async () => {
    await renderRoute(`/book-now?${new URLSearchParams({ service: 'Investment Coaching' })}`)
    await vi.waitFor(() => expect(field('Service').value).toBe('Investment Coaching'))
  })

  it('keeps "Not sure yet" for a service in the address that the site does not list', async () => {
    await renderRoute('/book-now?service=Something%20else')
    await screen.findByRole('button', { name: 'Send Request' })
    expect(field('Service').value).toBe('Not sure yet')
    expect([...(field('Service') as HTMLSelectElement).options].map((option) => option.text)).not.toContain('Something else')
  })

  it('thanks the visitor in its own words when the server gives no message', async () => {
    server.use(http.post(BOOKING, () => ok()))
    const { user } = await openForm()
    await fillValid(user)
    await submit(user)
    expect(await screen.findByText(SUCCESS)).toBeTruthy()
  })

  it.each([
    ['the server message', () => fail(502, 'The mail service is down'), 'The mail service is down'],
    ['"Failed to send booking" without one', () => fail(500), 'Failed to send booking'],
    ['the network message when the server cannot be reached', () => HttpResponse.error(), 'Something went wrong. Please try again later.'],
  ])('shows %s and keeps what was typed', async (_, respond, message) => {
    server.use(http.post(BOOKING, respond))
    const { user } = await openForm()
    await fillValid(user)
    await submit(user)
    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.queryByText(SUCCESS)).toBeNull()
    expect(field('Last Name').value).toBe('Hopper')
    expect(field('Email').value).toBe('grace@test.example')
    expect((screen.getByRole('button', { name: 'Send Request' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('sends a filled honeypot along as `website`', async () => {
    const { user } = await openForm()
    await fillValid(user)
    await user.type(field('Website'), 'https://spam.example')
    await submit(user)
    await screen.findByText(SUCCESS)
    expect(await bookingRequests()[0]?.json()).toMatchObject({ firstName: 'Grace', website: 'https://spam.example' })
  })
})
