import type { StoredBooking } from '#domain/booking.ts'
import { bookings } from '#lib/data/bookings.ts'
import type { Runtime } from '#lib/config/env.ts'
import { ADMIN_PATH } from '#domain/route-map.ts'
import { siteUrl } from '#lib/config/site-url.ts'
import { COLORS, emailFrame, SERIF } from '#lib/newsletter/email.ts'
import { escapeHtml } from '#lib/pages/markdown.ts'
import { emailSetup, headerText, sendEmail } from './mailer'
import { emailButton, siteNameForEmail } from './transactional'

/**
 * The coach's email about a booking (docs/decisions.md, Visitor text in emails). Everything the
 * visitor typed is data, never a line of its own: each one-line field sits after its label on the
 * label's line (a stored value that somehow holds a line break is flattened), and the message is
 * quoted, "> " before each of its lines. So a line that starts with "Email:" at the left edge is
 * always ours. The HTML part says the same in a table of label and value cells with the message in
 * a blockquote, every value escaped.
 */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/

/**
 * Invisible and direction-changing characters (Unicode format controls: right-to-left overrides,
 * zero-width joiners, …) go; every run of white space (tabs, no-break and ideographic spaces
 * included) is one space. Neither can then push text to where the reader takes it for ours.
 */
const plainText = (value: string) => value.replace(/\p{Cf}/gu, '').replace(/\s+/gu, ' ')

/** A one-line field as it goes into the email: control characters and line breaks become spaces. */
const oneLine = (value: string | undefined) => plainText(headerText(value ?? '', 5000)).trim() || '-'

/**
 * The text part is wrapped here, not by the reader's mail program: a long value soft-wrapped there
 * could start a screen line with "Email: …" of the visitor's making. Each value's later lines are
 * indented, and each of the message's lines quoted, so nothing of hers ever starts a line.
 */
const WRAP = 72

function wrapped(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    for (let rest = word; rest.length > 0; rest = rest.slice(width)) {
      const piece = rest.slice(0, width)
      if (line && line.length + 1 + piece.length > width) {
        lines.push(line)
        line = piece
      } else line = line ? `${line} ${piece}` : piece
    }
  }
  return [...lines, line]
}

function bookingFields(booking: StoredBooking): [label: string, value: string][] {
  return [
    ['First name', oneLine(booking.firstName)],
    ['Last name', oneLine(booking.lastName)],
    ['Email', oneLine(booking.email)],
    ['Phone', oneLine(booking.phone)],
    ['Company', oneLine(booking.company)],
    ['Country', oneLine(booking.country)],
    ['Service', oneLine(booking.service)],
  ]
}

/** The message's lines, each free of control characters, its white space runs one space. */
function messageLines(message: string): string[] {
  return message.split(LINE_BREAK).map((line) => plainText(line.replace(/\p{Cc}/gu, ' ')).trimEnd())
}

function bookingText(booking: StoredBooking): string {
  return [
    'New booking request. After each label, and after each "> ",',
    'is what the visitor typed.',
    '',
    ...bookingFields(booking).flatMap(([label, value]) =>
      wrapped(value, WRAP - label.length - 2).map((part, i) => (i === 0 ? `${label}: ${part}` : `    ${part}`)),
    ),
    'Message:',
    ...messageLines(booking.message).flatMap((line) => (line ? wrapped(line, WRAP - 2).map((part) => `> ${part}`) : ['>'])),
    '',
    `Received ${booking.createdAt} (booking ${booking.id}).`,
  ].join('\n')
}

const CELL = `padding:6px 12px 6px 0;border-bottom:1px solid ${COLORS.line};vertical-align:top;text-align:left;`

/** Where she reads and marks booking requests. */
const bookingsPage = () => `${siteUrl()}${ADMIN_PATH}/bookings`

/** The HTML part: the site's email frame, the fields in a table and the message in a blockquote, every value escaped. */
function bookingHtml(booking: StoredBooking, siteName: string): string {
  const rows = bookingFields(booking)
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${CELL}font-weight:600;white-space:nowrap;">${label}</th><td style="${CELL}word-break:break-word;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n')
  const message = messageLines(booking.message).map(escapeHtml).join('<br>')
  return emailFrame({
    title: 'New booking request',
    masthead: siteName,
    body: `<h1 style="margin:0 0 16px;font-family:${SERIF};font-size:24px;line-height:1.25;color:${COLORS.green};">New booking request</h1>
<p style="margin:0 0 12px;">The values below are what the visitor typed. Reply to this email to write back to them.</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px;width:100%;">
${rows}
</table>
<p style="margin:0 0 4px;font-weight:600;">Message</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid ${COLORS.amber};background:${COLORS.cream};">${message}</blockquote>
${emailButton(bookingsPage(), 'Open Bookings in the admin')}`,
    footer: `<p style="margin:0;">Received ${escapeHtml(booking.createdAt)} (booking ${escapeHtml(booking.id)}).</p>`,
  })
}

async function bookingEmail(booking: StoredBooking, to: string) {
  return {
    to,
    replyTo: booking.email,
    subject: `Booking request: ${oneLine(booking.firstName)} ${oneLine(booking.lastName)}`,
    text: `${bookingText(booking)}\n\nOpen Bookings in the admin: ${bookingsPage()}`,
    html: bookingHtml(booking, await siteNameForEmail()),
  }
}

/** After this many failed attempts the retry gives up; the booking stays visible in the admin. */
export const MAX_EMAIL_ATTEMPTS = 10

/**
 * Tries once to email the coach about a stored booking and records the outcome. Never throws:
 * the booking is safe either way, and a failed email is retried by the scheduled function. The
 * claim makes sure two attempts (the visitor's request and a retry) never both send it.
 */
export async function deliverBookingEmail(booking: StoredBooking, runtime: Runtime): Promise<boolean> {
  // Not set up: the booking stays due, untouched, and goes out once email is configured.
  const setup = emailSetup(runtime)
  if (setup.transport === 'none') return false
  const claimed = await bookings.claimEmail(booking.id).catch((error) => {
    console.error(`booking ${booking.id}: could not claim the email:`, error)
    return false
  })
  if (!claimed) return false
  let sent = false
  try {
    await sendEmail(await bookingEmail(booking, setup.bookingsTo), runtime)
    sent = true
  } catch (error) {
    console.error(`booking ${booking.id}: email failed:`, error instanceof Error ? error.message : error)
  }
  await bookings.markEmail(booking.id, sent).catch((error) => console.error('could not record email outcome:', error))
  return sent
}

/** The scheduled retry: every booking whose email is still due, oldest first. */
export async function retryBookingEmails(runtime: Runtime): Promise<{ sent: number; failed: number }> {
  let sent = 0
  let failed = 0
  if (emailSetup(runtime).transport === 'none') return { sent, failed }
  for (const booking of await bookings.unsent()) {
    if (booking.emailAttempts >= MAX_EMAIL_ATTEMPTS) continue
    if (await deliverBookingEmail(booking, runtime)) sent++
    else failed++
  }
  return { sent, failed }
}
