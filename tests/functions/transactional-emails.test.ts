import { JSDOM } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { BookingRequestSchema } from '#domain/booking.ts'
import { bookings } from '#lib/data/bookings.ts'
import { content } from '#lib/data/content.ts'
import { outbox } from '#lib/data/outbox.ts'
import { subscribers } from '#lib/data/subscribers.ts'
import { deliverBookingEmail } from '#lib/email/booking-email.ts'
import { COLORS } from '#lib/newsletter/email.ts'
import { sendConfirmation, sendConfirmations } from '#lib/subscribers/confirm.ts'
import { sendWelcome } from '#lib/subscribers/unsubscribe.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { LOCAL_RUNTIME } from '#tests/support/call.ts'
import { bookingInput } from '#tests/support/factories.ts'
import { sendgridAccepts, useSendgridMock, type SentMessage } from '#tests/support/sendgrid.ts'

useBlobsServer()
const mail = useSendgridMock()

/**
 * Every one-off email the site sends has a text part and an HTML part in the site's email frame,
 * saying the same, with real links, read here from what SendGrid would be sent (msw) and from the
 * local outbox. Everything a person typed (the site's name an editor set, a visitor's booking) is
 * escaped; subjects are one line.
 */

type Personalization = SentMessage['personalizations'][number] & { substitutions?: Record<string, string> }

/** The two parts of one message SendGrid was sent. */
function parts(message: SentMessage) {
  const text = message.content.find((part) => part.type === 'text/plain')?.value ?? ''
  const html = message.content.find((part) => part.type === 'text/html')?.value ?? ''
  expect(message.content.map((part) => part.type)).toEqual(['text/plain', 'text/html'])
  return { text, html, page: new JSDOM(html).window.document }
}

/** Through SendGrid, which accepts everything and keeps what it was sent. */
function viaSendgrid(): SentMessage[] {
  vi.stubEnv('SENDGRID_API_KEY', 'SG.test-key')
  const sent: SentMessage[] = []
  mail.use(sendgridAccepts(sent))
  return sent
}

const links = (page: Document) =>
  [...page.querySelectorAll('a')].map((link) => ({ words: link.textContent?.trim(), href: link.getAttribute('href') }))

describe('the confirmation email', () => {
  it('has both parts in the site’s frame, the same link a real link in one and written out in the other', async () => {
    const sent = viaSendgrid()
    await subscribers.add('ruth@test.example')
    await sendConfirmation('ruth@test.example', LOCAL_RUNTIME)

    expect(sent).toHaveLength(1)
    const { text, html, page } = parts(sent[0]!)
    const link = /https:\/\/site\.test\.example\/confirm\?token=[\w-]+\.[\w-]+\.[\w-]+/.exec(text)?.[0]
    expect(link).toBeDefined()
    expect(text).toContain(`Open the confirmation page: ${link}`)
    expect(links(page)).toEqual([
      { words: 'Open the confirmation page', href: link },
      { words: link, href: link },
    ])
    expect(page.querySelector('h1')?.textContent).toBe('Confirm your subscription')
    expect(page.title).toBe('Please confirm your subscription')
    // The newsletter's frame: the site's name above a white card on cream.
    expect(html).toContain(`background:${COLORS.cream}`)
    expect(page.body.textContent).toContain('Faithful Finances')
    expect(text).toContain('The link works for 7 days.')
  })

  it('escapes the site’s name an editor set, in both the masthead and the words', async () => {
    const sent = viaSendgrid()
    const lure = '<img src=x onerror=alert(1)> & "Co" <a href="https://evil.example">pay</a>'
    await content.save({ section: 'site', key: 'siteName', value: lure, type: 'text' }, 'editor')
    await subscribers.add('ruth@test.example')
    await sendConfirmation('ruth@test.example', LOCAL_RUNTIME)

    const { html, page } = parts(sent[0]!)
    expect(page.querySelectorAll('img, script')).toHaveLength(0)
    expect(links(page).map((link) => link.href)).not.toContain('https://evil.example')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;')
    expect(page.body.textContent).toContain(lure)
  })

  it('goes to an import’s people in one batch, each link their own and escaped for the HTML part', async () => {
    const sent = viaSendgrid()
    for (const email of ['a@test.example', 'b@test.example']) await subscribers.addImported(email, { by: 'coach' })
    expect(await sendConfirmations(['a@test.example', 'b@test.example'], LOCAL_RUNTIME)).toBe(2)

    expect(sent).toHaveLength(1)
    const { text, page } = parts(sent[0]!)
    expect(text).toContain('Open the confirmation page: {{confirm_url}}')
    expect(links(page).map((link) => link.href)).toEqual(['{{confirm_href}}', '{{confirm_href}}'])
    const people = sent[0]!.personalizations as Personalization[]
    expect(people.map((person) => person.to[0]?.email)).toEqual(['a@test.example', 'b@test.example'])
    for (const person of people) {
      // SendGrid is sent each tag with its wrappers.
      const { '{{confirm_url}}': url, '{{confirm_href}}': href } = person.substitutions ?? {}
      expect(url).toMatch(/^https:\/\/site\.test\.example\/confirm\?token=[\w-]+\.[\w-]+\.[\w-]+$/)
      // Nothing in the link needs escaping; were there an & it would be &amp; in the HTML part only.
      expect(href).toBe(url)
    }
    expect(people[0]!.substitutions?.['{{confirm_url}}']).not.toBe(people[1]!.substitutions?.['{{confirm_url}}'])
  })
})

describe('the welcome email', () => {
  it('has both parts, the blog a button and the unsubscribe link in the small print, each a real link', async () => {
    await subscribers.add('joy@test.example')
    await subscribers.confirm('joy@test.example')
    await sendWelcome('joy@test.example', LOCAL_RUNTIME)

    const [email] = await outbox.list()
    expect(email?.subject).toBe('Welcome to the newsletter')
    const unsubscribe = /Unsubscribe: (\S+)/.exec(email!.text)?.[1]
    expect(unsubscribe).toMatch(/^https:\/\/site\.test\.example\/unsubscribe\?email=joy%40test\.example&token=[\w-]+$/)
    expect(email!.text).toContain('Read the blog: https://site.test.example/blog')
    const page = new JSDOM(email!.html ?? '').window.document
    expect(links(page)).toEqual([
      { words: 'Read the blog', href: 'https://site.test.example/blog' },
      { words: 'https://site.test.example/blog', href: 'https://site.test.example/blog' },
      { words: 'Unsubscribe', href: unsubscribe },
    ])
    // The & of the query is written &amp; in the HTML, as an attribute must be.
    expect(email!.html).toContain(unsubscribe!.replace('&', '&amp;'))
    expect(email!.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/site\.test\.example\/api\/unsubscribe\?/)
  })
})

describe('the booking email to the coach', () => {
  it('has both parts, the HTML in the site’s frame with a link to Bookings, every value escaped, the subject one line', async () => {
    const sent = viaSendgrid()
    const booking = await bookings.add(
      z.parse(
        BookingRequestSchema,
        bookingInput({
          firstName: 'Ann',
          lastName: '<b>Lee</b> & "co"',
          email: 'ann@test.example',
          message: 'Hi <script>x</script>\nBcc: all@evil.example',
        }),
      ),
    )
    expect(await deliverBookingEmail(booking, LOCAL_RUNTIME)).toBe(true)

    const message = sent[0]!
    expect(message.subject).toBe('Booking request: Ann <b>Lee</b> & "co"')
    expect(message.reply_to).toEqual({ email: 'ann@test.example' })
    expect(message.personalizations.map((person) => person.to)).toEqual([[{ email: 'coach@test.example' }]])
    const { text, html, page } = parts(message)
    expect(text).toContain('Last name: <b>Lee</b> & "co"\n')
    expect(text).toContain('> Bcc: all@evil.example')
    expect(text).toContain('Open Bookings in the admin: https://site.test.example/admin/bookings')
    expect(html).toContain(`background:${COLORS.cream}`)
    expect(page.querySelectorAll('b, script')).toHaveLength(0)
    expect(links(page)).toEqual([{ words: 'Open Bookings in the admin', href: 'https://site.test.example/admin/bookings' }])
  })
})
