import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { http } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NEWSLETTER_MESSAGES, UNSUBSCRIBES_KEPT_DAYS, type Newsletter } from '#domain/newsletter.ts'
import { newsletter, postSummary, session } from '#src/testing/factories.ts'
import { fail, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { sentRequests, server } from '#src/testing/server.ts'

const admin = { session: session({ role: 'admin' }) }
const callsTo = (method: string, path: string) =>
  sentRequests().filter((request) => request.method === method && new URL(request.url).pathname === path)

// The message is written in the editor (ProseMirror), which measures the selection to keep it in
// view: jsdom lays nothing out and has no measures for a Range. Empty ones do, for these tests only.
const measures = ['getClientRects', 'getBoundingClientRect'] as const
const jsdomRange = Object.fromEntries(measures.map((name) => [name, Object.getOwnPropertyDescriptor(Range.prototype, name)]))
beforeAll(() => {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList
  Range.prototype.getBoundingClientRect = () => new DOMRect()
})
afterAll(() => {
  for (const name of measures) {
    const kept = jsdomRange[name]
    if (kept) Object.defineProperty(Range.prototype, name, kept)
    else delete (Range.prototype as Partial<Range>)[name]
  }
})

/**
 * Writes into the message as a paste: jsdom cannot take key-by-key typing into the editor (it
 * reads what the browser changed in the page, which jsdom changes otherwise). Typing, and the
 * toolbar, are covered in a browser (tests/e2e/newsletter-send.spec.ts).
 */
async function writeMessage(user: UserEvent, text: string) {
  const message = await screen.findByRole('textbox', { name: 'Message' })
  act(() => message.focus())
  await user.paste(text)
}

/** GET /api/admin/newsletters/:id answers this one. */
function serve(record: Newsletter, extra: object = {}) {
  server.use(http.get(`/api/admin/newsletters/${record.id}`, () => ok({ newsletter: record, ...extra })))
  return `/admin/newsletters/${record.id}`
}

describe('the Newsletters list (/admin/newsletters)', () => {
  it('says there are none yet and offers to write one', async () => {
    const { user, currentLocation } = await renderRoute('/admin/newsletters', admin)
    expect(await screen.findByText(/No newsletters yet/)).toBeTruthy()
    const links = screen.getAllByRole('link', { name: 'Write a newsletter' })
    await user.click(links.at(-1)!)
    expect(currentLocation().pathname).toBe('/admin/newsletters/new')
  })

  it('lists each newsletter with its state, its time and its counts', async () => {
    server.use(
      http.get('/api/admin/newsletters', () =>
        ok({
          newsletters: [
            newsletter({ id: 'autumn', subject: 'Autumn letter', status: 'scheduled', scheduledAt: '2030-10-01T08:00:00.000Z' }),
            newsletter({
              subject: 'Summer letter',
              status: 'sent',
              startedAt: '2025-06-01T08:00:00.000Z',
              finishedAt: '2025-06-01T08:01:00.000Z',
              progress: { total: 12, processed: 12, sent: 10, failed: 1, uncertain: 1 },
            }),
          ],
        }),
      ),
    )
    await renderRoute('/admin/newsletters', admin)
    const rows = (await screen.findAllByRole('row')).slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByRole('link', { name: 'Autumn letter' }).getAttribute('href')).toBe('/admin/newsletters/autumn')
    expect(rows[0]!.textContent).toContain('Scheduled')
    expect(rows[0]!.textContent).toContain('Goes out')
    expect(within(rows[0]!).getByRole('button', { name: /Delete/ })).toBeTruthy()
    expect(rows[1]!.textContent).toContain('Sent')
    expect(rows[1]!.textContent).toContain('10 sent · 1 failed · 1 uncertain')
    // A sent one is a record: it cannot be deleted from here.
    expect(within(rows[1]!).queryByRole('button', { name: /Delete/ })).toBeNull()
  })

  it('starts a draft from a published post', async () => {
    const published = postSummary({ title: 'Giving first' })
    server.use(
      http.get('/api/admin/blog-posts', () =>
        ok({ blogPosts: [postSummary({ status: 'draft', publishedAt: null, title: 'Unfinished' }), published] }),
      ),
      http.post('/api/admin/newsletters', () =>
        ok({ message: NEWSLETTER_MESSAGES.created, newsletter: newsletter({ id: 'from-post' }) }, { status: 201 }),
      ),
    )
    serve(newsletter({ id: 'from-post', subject: 'Giving first' }))
    const { user, currentLocation } = await renderRoute('/admin/newsletters', admin)
    await user.click(await screen.findByRole('button', { name: 'Start from a post' }))
    const choice = await screen.findByRole('combobox', { name: 'Published post' })
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.stringContaining('Giving first')])
    await user.click(screen.getByRole('button', { name: 'Create draft from this post' }))

    await waitFor(() => expect(currentLocation().pathname).toBe('/admin/newsletters/from-post'))
    expect(await callsTo('POST', '/api/admin/newsletters')[0]!.json()).toEqual({ fromPostId: published.id })
    expect(await screen.findByText(NEWSLETTER_MESSAGES.created)).toBeTruthy()
  })
})

describe('writing a newsletter (/admin/newsletters/new)', () => {
  it('shows the schema’s messages and sends nothing until both fields are filled', async () => {
    const { user } = await renderRoute('/admin/newsletters/new', admin)
    await user.click(await screen.findByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Subject is required')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Subject' }).getAttribute('aria-invalid')).toBe('true')
    expect(callsTo('POST', '/api/admin/newsletters')).toHaveLength(0)

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Write the message before saving')).toBeTruthy()
    expect(callsTo('POST', '/api/admin/newsletters')).toHaveLength(0)
  })

  it('saves a draft and opens it at its own address', async () => {
    server.use(
      http.post('/api/admin/newsletters', () =>
        ok({ message: NEWSLETTER_MESSAGES.created, newsletter: newsletter({ id: 'fresh' }) }, { status: 201 }),
      ),
    )
    serve(newsletter({ id: 'fresh' }))
    const { user, currentLocation } = await renderRoute('/admin/newsletters/new', admin)
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Hello friends')
    await writeMessage(user, 'A short note.')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(currentLocation().pathname).toBe('/admin/newsletters/fresh'))
    expect(await callsTo('POST', '/api/admin/newsletters')[0]!.json()).toEqual({ subject: 'Hello friends', body: 'A short note.' })
  })

  it('writes the message without markdown: no picture to add, and an opened one saved as it was', async () => {
    const body = 'Dear friends,\n\n__Give__ first, *then* save.  \nThen live on the rest.\n\n* one\n* two'
    const { user } = await renderRoute(serve(newsletter({ id: 'kept', subject: 'Kept', body })), admin)
    const message = await screen.findByRole('textbox', { name: 'Message' })
    expect(document.getElementById(message.getAttribute('aria-describedby')!)?.textContent).toMatch(/^What subscribers read/)
    // The email cannot show the library's pictures: none can be added here.
    expect(screen.getByRole('toolbar', { name: 'Formatting for Message' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /library/i })).toBeNull()
    expect(document.body.textContent).not.toMatch(/markdown/i)
    // A picture file pasted on it is refused, and she is told why; nothing is uploaded.
    act(() => message.focus())
    await user.paste({ files: [new File(['png'], 'jar.png', { type: 'image/png' })], getData: () => '' } as unknown as DataTransfer)
    expect(screen.getByRole('alert').textContent).toMatch(/^Pictures cannot go into a newsletter/)
    expect(sentRequests().filter((request) => new URL(request.url).pathname.startsWith('/api/admin/media'))).toHaveLength(0)

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), ' letter')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(callsTo('PUT', '/api/admin/newsletters/kept')).toHaveLength(1))
    expect(await callsTo('PUT', '/api/admin/newsletters/kept')[0]!.json()).toMatchObject({ subject: 'Kept letter', body })
  })

  it('previews the email in both parts: the HTML in a sandboxed frame, the plain text as sent', async () => {
    const { user } = await renderRoute('/admin/newsletters/new', admin)
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Spring')
    await writeMessage(user, 'Plant a budget.')

    const frame = await screen.findByTitle('Email preview: Spring', {}, { timeout: 3000 })
    expect(frame.tagName).toBe('IFRAME')
    // It may run nothing (no allow-scripts); same-origin only lets the admin apply the email's styles.
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin')
    expect(frame.getAttribute('srcdoc')).toContain('<p>Plant a budget.</p>')
    // One request for the pause after typing, not one per key.
    expect(callsTo('POST', '/api/admin/newsletter-preview')).toHaveLength(1)

    const tabs = screen.getByRole('tablist', { name: 'Email parts' })
    expect(within(tabs).getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true')
    await user.click(within(tabs).getByRole('tab', { name: 'Plain text' }))
    expect(screen.getByRole('tabpanel').textContent).toBe('Spring\n\nPlant a budget.')
    expect(screen.queryByTitle('Email preview: Spring')).toBeNull()
    // The arrow keys move between the tabs.
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(within(tabs).getByRole('tab', { name: 'Email' }))
    expect(screen.getByTitle('Email preview: Spring')).toBeTruthy()
  })

  it('asks for no preview until both a subject and a message are written', async () => {
    const { user } = await renderRoute('/admin/newsletters/new', admin)
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Spring')
    // Past the pause after typing: a subject alone is not yet an email.
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(callsTo('POST', '/api/admin/newsletter-preview')).toHaveLength(0)
    expect(screen.getByText('Write a subject and a message to see the email here.')).toBeTruthy()
    expect(screen.queryByText('Preview unavailable')).toBeNull()
  })

  it('says when the preview cannot be made', async () => {
    server.use(http.post('/api/admin/newsletter-preview', () => fail(400, 'Message is too long')))
    const { user } = await renderRoute('/admin/newsletters/new', admin)
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Spring')
    await writeMessage(user, 'A body')
    expect(await screen.findByText('Preview unavailable', {}, { timeout: 3000 })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('Message is too long')
  })
})

describe('sending a newsletter (/admin/newsletters/:id)', () => {
  it('says whom the last test went to, or who sent it when the server keeps the address to itself', async () => {
    const at = '2025-06-01T08:00:00.000Z'
    const editor = { session: session({ role: 'editor' }) }
    await renderRoute(serve(newsletter({ id: 'to', testSentAt: at, testSentTo: 'admin@test.example', testSentBy: 'admin' })), admin)
    expect((await screen.findByText(/Last test:/)).textContent).toMatch(/Last test: .+ to admin@test\.example\./)

    await renderRoute(serve(newsletter({ id: 'by', testSentAt: at, testSentBy: 'admin' })), editor)
    const line = (await screen.findAllByText(/Last test:/)).at(-1)!
    expect(line.textContent).toMatch(/Last test: .+, sent by admin\./)
  })

  it('sends a test to her and shows the answer; with unsaved changes it waits for Save', async () => {
    const path = serve(newsletter())
    const { user } = await renderRoute(path, admin)
    const test = await screen.findByRole('button', { name: 'Send a test to me' })
    await user.click(test)
    expect(await screen.findByText(NEWSLETTER_MESSAGES.testSent('admin@test.example'))).toBeTruthy()

    await writeMessage(user, ' More.')
    expect((test as HTMLButtonElement).disabled).toBe(true)
    expect(document.getElementById(test.getAttribute('aria-describedby')!)?.textContent).toMatch(/Save your changes first/)
    expect((screen.getByRole('button', { name: 'Send to all confirmed subscribers…' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('tells an editor that only an admin can send, and offers no send button', async () => {
    const path = serve(newsletter())
    await renderRoute(path, { session: session({ role: 'editor', username: 'editor' }) })
    expect(await screen.findByText(/Only an admin can send or schedule a newsletter/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Send to all/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Schedule/ })).toBeNull()
    expect((screen.getByRole('button', { name: 'Send a test to me' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('asks first, saying it cannot be undone; "Not yet" and Escape send nothing', async () => {
    const record = newsletter({ subject: 'March letter' })
    const path = serve(record)
    const { user } = await renderRoute(path, admin)
    const button = await screen.findByRole('button', { name: 'Send to all confirmed subscribers…' })

    await user.click(button)
    let dialog = await screen.findByRole('dialog', { name: 'Send to all confirmed subscribers?' })
    expect(dialog.textContent).toContain('“March letter” goes out now to every confirmed subscriber. This cannot be undone.')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Not yet' }))
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    // The focus goes back to the button that opened it.
    expect(document.activeElement).toBe(button)

    await user.click(button)
    dialog = await screen.findByRole('dialog')
    // What the browser fires on Escape.
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo('POST', `/api/admin/newsletters/${record.id}/send`)).toHaveLength(0)

    await user.click(button)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send now' }))
    await waitFor(() => expect(callsTo('POST', `/api/admin/newsletters/${record.id}/send`)).toHaveLength(1))
    // With the version on screen: an edit saved elsewhere since is refused, not sent unread.
    expect(await callsTo('POST', `/api/admin/newsletters/${record.id}/send`)[0]!.json()).toEqual({ action: 'now', seen: record.updatedAt })
  })

  it.each([
    [{ confirmed: 1204, more: false }, '“March letter” goes out now. It will go to 1,204 confirmed subscribers. This cannot be undone.'],
    [{ confirmed: 1, more: false }, '“March letter” goes out now. It will go to 1 confirmed subscriber. This cannot be undone.'],
    [
      { confirmed: 1850, more: true },
      '“March letter” goes out now. It will go to at least 1,850 confirmed subscribers (your list is too long to count them all here). This cannot be undone.',
    ],
    [
      { confirmed: 0, more: false },
      'Nobody has confirmed their subscription yet, so there is nobody to send “March letter” to. It can go out once someone confirms.',
    ],
  ])('says in the question how many it will go to (%o)', async (recipients, said) => {
    const path = serve(newsletter({ subject: 'March letter' }), { recipients })
    const { user } = await renderRoute(path, admin)
    await user.click(await screen.findByRole('button', { name: 'Send to all confirmed subscribers…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send to all confirmed subscribers?' })
    expect(within(dialog).getByText(said)).toBeTruthy()
  })

  it('says sending has started while it sends, and that it has finished once sent', async () => {
    const record = newsletter({ subject: 'May letter' })
    const sending = { ...record, status: 'sending' as const, startedAt: '2025-05-01T08:00:00.000Z' }
    const sent = {
      ...sending,
      status: 'sent' as const,
      finishedAt: '2025-05-01T08:01:00.000Z',
      progress: { total: 3, processed: 3, sent: 3, failed: 0, uncertain: 0 },
    }
    const answers: object[] = [
      { newsletter: record, recipients: { confirmed: 3, more: false } },
      { newsletter: { ...sending, progress: { total: 3, processed: 1, sent: 1, failed: 0, uncertain: 0 } } },
      { newsletter: sent, unsubscribedSince: 0 },
    ]
    server.use(
      http.get(`/api/admin/newsletters/${record.id}`, () => ok(answers.length > 1 ? answers.shift()! : answers[0]!)),
      http.post(`/api/admin/newsletters/${record.id}/send`, () => ok({ newsletter: sending, message: NEWSLETTER_MESSAGES.started })),
    )
    const { user } = await renderRoute(`/admin/newsletters/${record.id}`, admin)
    await user.click(await screen.findByRole('button', { name: 'Send to all confirmed subscribers…' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send now' }))
    const banner = () => document.querySelector('.flash-text')?.textContent
    await waitFor(() => expect(banner()).toBe(NEWSLETTER_MESSAGES.started))
    expect(await screen.findByRole('progressbar')).toBeTruthy()

    await screen.findByRole('region', { name: 'How it went' }, { timeout: 4000 })
    expect(banner()).toBe('Sending has finished: how it went is below.')
    expect(screen.queryByText(NEWSLETTER_MESSAGES.started)).toBeNull()
  }, 10_000)

  it('shows the server’s word when another send already won (409)', async () => {
    const record = newsletter()
    const path = serve(record)
    server.use(http.post(`/api/admin/newsletters/${record.id}/send`, () => fail(409, NEWSLETTER_MESSAGES.alreadySending)))
    const { user } = await renderRoute(path, admin)
    await user.click(await screen.findByRole('button', { name: 'Send to all confirmed subscribers…' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send now' }))
    expect(await screen.findByText(NEWSLETTER_MESSAGES.alreadySending)).toBeTruthy()
  })

  it('points to the Content screen when her postal address is missing', async () => {
    const record = newsletter()
    const path = serve(record)
    server.use(http.post(`/api/admin/newsletters/${record.id}/send`, () => fail(400, NEWSLETTER_MESSAGES.postalAddressMissing)))
    const { user } = await renderRoute(path, admin)
    await user.click(await screen.findByRole('button', { name: 'Schedule…' }))
    await user.click(screen.getByRole('button', { name: 'Schedule send' }))
    expect(await screen.findByText(/Add your postal address/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Open Content' }).getAttribute('href')).toBe('/admin/content')
    const body = (await callsTo('POST', `/api/admin/newsletters/${record.id}/send`)[0]!.json()) as { action: string; at: string }
    expect(body.action).toBe('schedule')
    expect(Date.parse(body.at)).toBeGreaterThan(Date.now())
  })

  it('refuses a time in the past before asking the server', async () => {
    const record = newsletter()
    const path = serve(record)
    const { user } = await renderRoute(path, admin)
    await user.click(await screen.findByRole('button', { name: 'Schedule…' }))
    const when = screen.getByLabelText('Send on')
    fireEvent.change(when, { target: { value: '2020-01-01T09:00' } })
    await user.click(screen.getByRole('button', { name: 'Schedule send' }))
    expect(await screen.findByText(NEWSLETTER_MESSAGES.scheduleInPast)).toBeTruthy()
    expect(callsTo('POST', `/api/admin/newsletters/${record.id}/send`)).toHaveLength(0)
  })

  it('offers to cancel a scheduled send', async () => {
    const record = newsletter({ status: 'scheduled', scheduledAt: '2030-01-01T09:00:00.000Z' })
    const path = serve(record)
    server.use(
      http.post(`/api/admin/newsletters/${record.id}/send`, () =>
        ok({ message: NEWSLETTER_MESSAGES.cancelled, newsletter: { ...record, status: 'draft', scheduledAt: undefined } }),
      ),
    )
    const { user } = await renderRoute(path, admin)
    expect(await screen.findByText(/Scheduled for/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Cancel schedule' }))
    expect(await screen.findByText(NEWSLETTER_MESSAGES.cancelled)).toBeTruthy()
    expect(await callsTo('POST', `/api/admin/newsletters/${record.id}/send`)[0]!.json()).toEqual({ action: 'cancel' })
    expect(screen.getByRole('button', { name: 'Schedule…' })).toBeTruthy()
  })

  it('follows a send every two seconds, one request at a time, then shows the counts and stops', async () => {
    const base = newsletter({ subject: 'April letter', status: 'sending', startedAt: '2025-04-01T08:00:00.000Z' })
    const answers: object[] = [
      { newsletter: { ...base, progress: { total: 100, processed: 40, sent: 38, failed: 2, uncertain: 0 } } },
      {
        newsletter: {
          ...base,
          status: 'sent',
          finishedAt: '2025-04-01T08:02:00.000Z',
          progress: { total: 100, processed: 100, sent: 95, failed: 3, uncertain: 2 },
          lastError: 'SendGrid refused one batch.',
        },
        unsubscribedSince: 4,
      },
    ]
    let inFlight = 0
    let overlapped = false
    server.use(
      http.get(`/api/admin/newsletters/${base.id}`, async () => {
        inFlight += 1
        if (inFlight > 1) overlapped = true
        await new Promise((resolve) => setTimeout(resolve, 50))
        inFlight -= 1
        return ok(answers.length > 1 ? answers.shift()! : answers[0]!)
      }),
    )
    const { unmount } = await renderRoute(`/admin/newsletters/${base.id}`, admin)

    const bar = await screen.findByRole('progressbar', { name: 'Sending progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('40')
    expect(bar.getAttribute('aria-valuemax')).toBe('100')
    expect(screen.getByText('Sent 38 · Failed 2').getAttribute('aria-live')).toBe('polite')
    // Read-only while sending.
    expect(screen.queryByRole('textbox')).toBeNull()

    const summary = await screen.findByRole('region', { name: 'How it went' }, { timeout: 4000 })
    const counts = Object.fromEntries(
      within(summary)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? term.parentElement?.querySelector('dd')?.textContent]),
    )
    expect(counts).toMatchObject({ Sent: '95', Failed: '3', Uncertain: '2', 'Unsubscribed since': '4' })
    expect(summary.textContent).toMatch(/never sent again/)
    expect(within(summary).getByRole('alert').textContent).toContain('SendGrid refused one batch.')
    expect(screen.queryByRole('progressbar')).toBeNull()

    const gets = callsTo('GET', `/api/admin/newsletters/${base.id}`).length
    expect(gets).toBe(2)
    unmount()
    await act(() => new Promise((resolve) => setTimeout(resolve, 2300)))
    expect(callsTo('GET', `/api/admin/newsletters/${base.id}`)).toHaveLength(gets)
    expect(overlapped).toBe(false)
  }, 10_000)

  it('says the unsubscribes are no longer counted for a send that started too long ago', async () => {
    const record = newsletter({
      status: 'sent',
      startedAt: '2024-01-01T08:00:00.000Z',
      finishedAt: '2024-01-01T08:02:00.000Z',
      progress: { total: 10, processed: 10, sent: 10, failed: 0, uncertain: 0 },
    })
    server.use(http.get(`/api/admin/newsletters/${record.id}`, () => ok({ newsletter: record })))
    await renderRoute(`/admin/newsletters/${record.id}`, admin)

    const summary = await screen.findByRole('region', { name: 'How it went' })
    const term = within(summary).getByText('Unsubscribed since')
    expect(term.parentElement?.querySelector('dd')?.textContent).toBe('—')
    expect(summary.textContent).toContain(`Unsubscribes are counted for ${UNSUBSCRIBES_KEPT_DAYS} days after a send starts`)
  })

  it('stops asking when the page is left mid-send', async () => {
    const record = newsletter({
      status: 'sending',
      startedAt: '2025-04-01T08:00:00.000Z',
      progress: { total: 10, processed: 1, sent: 1, failed: 0, uncertain: 0 },
    })
    const path = serve(record)
    const { user } = await renderRoute(path, admin)
    await screen.findByRole('progressbar')
    await user.click(screen.getByRole('link', { name: 'All newsletters' }))
    await screen.findByText(/No newsletters yet/)
    const gets = callsTo('GET', path.replace('/admin', '/api/admin')).length
    await act(() => new Promise((resolve) => setTimeout(resolve, 2300)))
    expect(callsTo('GET', path.replace('/admin', '/api/admin'))).toHaveLength(gets)
  }, 10_000)
})
