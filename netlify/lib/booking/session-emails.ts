import { RECIPIENTS, type Recipient, type StoredSession } from '#domain/booking-session.ts'
import { formatSlot } from '#domain/text.ts'
import type { Runtime } from '#lib/config/env.ts'
import { emailSetup, headerText, sendEmail, type Email } from '#lib/email/mailer.ts'
import { renderTransactional, siteNameForEmail, type TransactionalEmail } from '#lib/email/transactional.ts'
import { COLORS } from '#lib/newsletter/email.ts'
import { escapeHtml } from '#lib/pages/markdown.ts'
import { ADMIN_PATH } from '#domain/route-map.ts'
import { siteUrl } from '#lib/config/site-url.ts'
import { availability } from '#lib/data/availability.ts'
import { sessions } from '#lib/data/sessions.ts'
import { newId } from '#lib/storage/ids.ts'
import { locationText, sessionInvite, type InviteParties } from './invite'
import { sessionLinks } from './session-links'

/**
 * The emails about a session, to the visitor and to the coach, each in the site's frame
 * (transactional.ts) with an HTML and a text part. Each shows the time in its reader's own zone,
 * named (the visitor's as she chose it on the page, the coach's from her availability), and
 * carries the calendar invite: the event with the session's UID, METHOD:REQUEST while it is booked
 * and METHOD:CANCEL once cancelled. The visitor's also carries the service's confirmation line and
 * the links to move or cancel it (session-links.ts).
 */
export type SessionEvent = 'booked' | 'moved' | 'cancelled' | 'reminder'

/** The zone as people read it: "America/New_York" → "America/New York". */
const zoneWords = (zone: string) => zone.replaceAll('_', ' ')

/** A time in a named zone: "Monday, March 9, 2026 at 9:00 AM EDT (America/New York time)". */
export function whenIn(session: Pick<StoredSession, 'start'>, timeZone: string): string {
  return `${formatSlot(session.start, { timeZone, style: 'full' })} (${zoneWords(timeZone)} time)`
}

/** A visitor's one-line field as a line of an email: no line breaks or control characters of hers. */
const oneLine = (text: string | undefined) => headerText(text ?? '', 300).replace(/\p{Cf}/gu, '') || '-'

const VISITOR_WORDS: Record<SessionEvent, { subject: string; heading: string; lead: string }> = {
  booked: {
    subject: 'Booked',
    heading: 'Your session is booked',
    lead: 'Thank you for booking. Here are the details; the invitation for your calendar is attached.',
  },
  moved: {
    subject: 'New time',
    heading: 'Your session has moved',
    lead: 'Your session has a new time. The attached invitation updates your calendar.',
  },
  cancelled: {
    subject: 'Cancelled',
    heading: 'Your session is cancelled',
    lead: 'Your session has been cancelled. The attached file removes it from your calendar. You are welcome to book another time whenever you like.',
  },
  reminder: { subject: 'Tomorrow', heading: 'See you tomorrow', lead: 'A friendly reminder of your session.' },
}

const COACH_WORDS: Record<SessionEvent, { subject: string; heading: string; lead: string }> = {
  booked: {
    subject: 'New session',
    heading: 'A new session is booked',
    lead: 'Someone booked a session with you. The invitation for your calendar is attached.',
  },
  moved: {
    subject: 'Session moved',
    heading: 'A session has moved',
    lead: 'This session has a new time. The attached invitation updates your calendar.',
  },
  cancelled: {
    subject: 'Session cancelled',
    heading: 'A session is cancelled',
    lead: 'This session has been cancelled; the time is free again.',
  },
  reminder: { subject: 'Tomorrow', heading: 'A session tomorrow', lead: 'A reminder of a session in your calendar.' },
}

/** The two links of the visitor's email, as HTML of escaped values and as text. */
function linksPart(links: { reschedule: string; cancel: string }): { html: string; text: string } {
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${COLORS.green};font-weight:600;">${escapeHtml(label)}</a>`
  return {
    html: `<p style="margin:0 0 16px;">Need a different time? ${link(links.reschedule, 'Choose another time')}.<br>Cannot come? ${link(links.cancel, 'Cancel the session')}.</p>`,
    text: `Need a different time? Choose another time: ${links.reschedule}\n\nCannot come? Cancel the session: ${links.cancel}`,
  }
}

async function visitorEmail(session: StoredSession, event: SessionEvent, siteName: string): Promise<TransactionalEmail> {
  const words = VISITOR_WORDS[event]
  const live = session.status === 'booked' && event !== 'cancelled'
  const links = live ? await sessionLinks(session) : undefined
  return {
    subject: `${words.subject}: ${session.service}, ${formatSlot(session.start, { timeZone: session.timeZone, style: 'full' })}`,
    masthead: siteName,
    heading: words.heading,
    intro: [
      `Hello ${oneLine(session.firstName)},`,
      words.lead,
      `${session.service}, ${session.minutes} minutes.`,
      `When: ${whenIn(session, session.timeZone)}`,
      `Where: ${locationText(session)}`,
      ...(live && session.confirmation ? [session.confirmation] : []),
    ],
    ...(links && { extra: linksPart(links) }),
    outro: [`Times in this email are in your time zone, ${zoneWords(session.timeZone)}.`],
  }
}

function coachEmail(session: StoredSession, event: SessionEvent, siteName: string, coachZone: string): TransactionalEmail {
  const words = COACH_WORDS[event]
  const quoted = session.message
    .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
    .map((line) => `> ${line.replace(/[\p{Cc}\p{Cf}]/gu, ' ').trimEnd()}`)
    .join('\n')
  return {
    subject: `${words.subject}: ${oneLine(session.firstName)} ${oneLine(session.lastName)}, ${formatSlot(session.start, { timeZone: coachZone, style: 'full' })}`,
    masthead: siteName,
    heading: words.heading,
    intro: [
      words.lead,
      `${session.service}, ${session.minutes} minutes.`,
      `When: ${whenIn(session, coachZone)}`,
      `Where: ${locationText(session)}`,
      `Name: ${oneLine(session.firstName)} ${oneLine(session.lastName)}`,
      `Email: ${oneLine(session.email)}`,
      ...(session.phone ? [`Phone: ${oneLine(session.phone)}`] : []),
      ...(session.company ? [`Company: ${oneLine(session.company)}`] : []),
      `Country: ${oneLine(session.country)}`,
      `Their time zone: ${zoneWords(session.timeZone)}`,
    ],
    extra: {
      html: `<p style="margin:0 0 4px;font-weight:600;">Their message</p><blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid ${COLORS.amber};background:${COLORS.cream};">${session.message
        .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
        .map((line) => escapeHtml(line.replace(/[\p{Cc}\p{Cf}]/gu, ' ')))
        .join('<br>')}</blockquote>`,
      text: `Their message:\n${quoted}`,
    },
    action: { label: 'Open Bookings in the admin', href: `${siteUrl()}${ADMIN_PATH}/bookings` },
    outro: [`Times in this email are in your time zone, ${zoneWords(coachZone)}. Reply to write to them.`],
  }
}

function withInvite(
  email: TransactionalEmail,
  to: string,
  replyTo: string | undefined,
  invite: { method: string; ics: string } | undefined,
): Email {
  const rendered = renderTransactional(email)
  return {
    to,
    ...(replyTo && { replyTo }),
    ...rendered,
    ...(invite && {
      attachments: [
        {
          filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
          type: `text/calendar; method=${invite.method}`,
          content: invite.ics,
        },
      ],
    }),
  }
}

/**
 * Emails the visitor and the coach (or those of `to`) about a session. Never throws: the session
 * is stored either way, and a failure is logged (the coach also sees every session in the admin
 * and in her feed). Answers who it reached.
 */
export async function sendSessionEmails(
  session: StoredSession,
  event: SessionEvent,
  runtime: Runtime,
  coachZone: string,
  to: readonly Recipient[] = RECIPIENTS,
): Promise<Recipient[]> {
  const setup = emailSetup(runtime)
  if (setup.transport === 'none') {
    console.error(`session ${session.id}: email is not set up, nothing sent about it`)
    return []
  }
  try {
    const siteName = await siteNameForEmail()
    const parties: InviteParties = { siteName, coachEmail: setup.bookingsTo }
    const invite = event === 'reminder' ? undefined : sessionInvite(session, parties)
    const emails: Record<Recipient, () => Promise<Email>> = {
      visitor: async () => withInvite(await visitorEmail(session, event, siteName), session.email, setup.bookingsTo, invite),
      coach: async () => withInvite(coachEmail(session, event, siteName, coachZone), setup.bookingsTo, session.email, invite),
    }
    const sent = await Promise.all(
      to.map(async (recipient) => {
        try {
          await sendEmail(await emails[recipient](), runtime)
          return recipient
        } catch (error) {
          console.error(`session ${session.id}: an email failed:`, error instanceof Error ? error.message : error)
          return undefined
        }
      }),
    )
    return sent.filter((recipient): recipient is Recipient => recipient !== undefined)
  } catch (error) {
    console.error(`session ${session.id}: emails failed:`, error instanceof Error ? error.message : error)
    return []
  }
}

/**
 * The emails a change owes (stored with it: `session.mail`), sent now and recorded as sent. What
 * fails stays owed, and the maintenance job sends it (`retryOwedSessionEmails`).
 */
export async function deliverSessionEmails(session: StoredSession, runtime: Runtime, coachZone: string): Promise<Recipient[]> {
  if (!session.mail) return []
  const sent = await sendSessionEmails(session, session.mail.event, runtime, coachZone, session.mail.to)
  await sessions.mailSent(session.id, session.sequence, sent).catch((error: unknown) => {
    console.error(`session ${session.id}: could not record its emails as sent:`, error instanceof Error ? error.message : error)
  })
  return sent
}

/** The maintenance job's part: every email a change still owes, a few minutes after it. */
export async function retryOwedSessionEmails(runtime: Runtime, now = Date.now()): Promise<{ sent: number; failed: number }> {
  if (emailSetup(runtime).transport === 'none') return { sent: 0, failed: 0 }
  const owed = await sessions.claimOwedMail(newId(), now)
  if (owed.length === 0) return { sent: 0, failed: 0 }
  const { timeZone } = await availability.get()
  let sent = 0
  let failed = 0
  for (const session of owed) {
    const reached = await deliverSessionEmails(session, runtime, timeZone)
    sent += reached.length
    failed += session.mail!.to.length - reached.length
  }
  return { sent, failed }
}
