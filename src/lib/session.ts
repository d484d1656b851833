import * as z from 'zod/mini'
import { SessionUserSchema, type SessionUser } from '#domain/admin-user.ts'

/** The admin session is two browser-storage entries, adminToken and adminUser. */
const TOKEN_KEY = 'adminToken'
const USER_KEY = 'adminUser'

export type Session = { token: string; user: SessionUser }

/** The stored session, or null when the token or user is missing or the user does not parse. */
export function readSession(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY)
    const rawUser = localStorage.getItem(USER_KEY)
    if (!token || !rawUser) return null
    const user = z.safeParse(SessionUserSchema, JSON.parse(rawUser))
    return user.success ? { token, user: user.data } : null
  } catch {
    return null
  }
}

export function saveSession(session: Session): void {
  localStorage.setItem(TOKEN_KEY, session.token)
  localStorage.setItem(USER_KEY, JSON.stringify(session.user))
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
}
