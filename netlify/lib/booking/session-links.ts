import type { StoredSession } from '#domain/booking-session.ts'
import { PAGES } from '#domain/route-map.ts'
import { readLinkToken, signLinkToken, type LinkKind } from '#lib/auth/link-tokens.ts'
import { keyFor } from '#lib/auth/secrets.ts'
import { siteUrl } from '#lib/config/site-url.ts'

/**
 * The links a session's emails carry: one to move it, one to cancel it, each a token signed for
 * that purpose alone (a cancel token never moves a session, nor the reverse), naming the session
 * and the version of it the email showed (`seq`, its invite's sequence). It expires when the
 * session starts; any change to the session (a move, a cancellation) makes every earlier link
 * stop working, and the email about the change carries new ones.
 */
export const SESSION_LINK_PURPOSES = ['reschedule', 'cancel'] as const
export type SessionLinkPurpose = (typeof SESSION_LINK_PURPOSES)[number]

const kind = (purpose: SessionLinkPurpose): LinkKind => ({
  key: 'sessionLinks',
  unconfigured: 'Session links cannot be made until the site has its secret (JWT_SECRET).',
  audience: 'booking-session',
  purpose: `session-${purpose}`,
})

/** The pages the links open (the booking page's own), with the token in the query. */
export const SESSION_LINK_PAGES: Record<SessionLinkPurpose, string> = {
  reschedule: PAGES.sessionReschedule.path,
  cancel: PAGES.sessionCancel.path,
}

export async function sessionLinkToken(session: StoredSession, purpose: SessionLinkPurpose, now = new Date()): Promise<string> {
  const lifetimeSeconds = Math.max(1, Math.floor((Date.parse(session.start) - now.getTime()) / 1000))
  return signLinkToken(kind(purpose), { subject: session.id, lifetimeSeconds, claims: { seq: session.sequence }, now })
}

/** Both links of a session, or none while the site has no secret to sign them (the emails then go without). */
export async function sessionLinks(session: StoredSession, now = new Date()): Promise<Record<SessionLinkPurpose, string> | undefined> {
  if (!keyFor('sessionLinks')) return undefined
  const link = async (purpose: SessionLinkPurpose) =>
    `${siteUrl()}${SESSION_LINK_PAGES[purpose]}?token=${encodeURIComponent(await sessionLinkToken(session, purpose, now))}`
  return { reschedule: await link('reschedule'), cancel: await link('cancel') }
}

export type SessionLink = { purpose: SessionLinkPurpose; sessionId: string; sequence: number }

/** What a token names, or undefined for anything that is not a live token of ours (forged, expired, other purpose). */
export async function readSessionLink(token: string): Promise<SessionLink | undefined> {
  if (!keyFor('sessionLinks') || token.length > 2000) return undefined
  for (const purpose of SESSION_LINK_PURPOSES) {
    try {
      const claims = await readLinkToken(kind(purpose), token, ['sub', 'exp', 'seq'])
      if (typeof claims.sub !== 'string' || !Number.isInteger(claims.seq)) return undefined
      return { purpose, sessionId: claims.sub, sequence: claims.seq as number }
    } catch {
      // Another purpose, or not ours at all: tried with the next kind, then refused.
    }
  }
  return undefined
}
