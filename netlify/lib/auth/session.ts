import { errors, jwtVerify, SignJWT } from 'jose'
import { USER_MESSAGES, type Role, type StoredUser } from '#domain/admin-user.ts'
import { revokedTokens } from '#lib/data/revoked-tokens.ts'
import { users } from '#lib/data/users.ts'
import { env } from '#lib/config/env.ts'
import { HttpError } from '#lib/http/route.ts'
import { newId } from '#lib/storage/ids.ts'

/** HS256 only, with issuer, audience, an id and an 8-hour life. */
const ALGORITHM = 'HS256'
const ISSUER = 'faithful-finances'
const AUDIENCE = 'faithful-finances-admin'
export const TOKEN_TTL_SECONDS = 8 * 60 * 60

/**
 * No fallback key, not even locally: a fixed key in the code signs tokens for anyone who reads it.
 * `npm run dev` and the browser tests make a random one for their own server.
 */
function secret(): Uint8Array {
  const value = env('JWT_SECRET')
  if (!value || value.length < 32) {
    throw new HttpError(503, 'Sign-in is not configured on this site yet.')
  }
  return new TextEncoder().encode(value)
}

/** Throws the 503 now, before a password is checked, so a missing key cannot tell a guesser anything. */
export function assertSigningConfigured(): void {
  secret()
}

export type Session = { user: StoredUser; jti: string; expiresAt: number }

export async function issueToken(user: StoredUser): Promise<string> {
  return new SignJWT({ role: user.role, username: user.username, sv: user.sessionVersion ?? 0 })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(user.id)
    .setJti(newId())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(secret())
}

const unauthorized = (message = 'Please sign in again.') => new HttpError(401, message, { 'WWW-Authenticate': 'Bearer' })

/**
 * The signed-in user behind the Bearer token; 401 for a missing, invalid, expired or revoked one, or
 * one from before the user's last password change or "sign out everywhere". A user whose password
 * an admin reset may only choose a new one, sign out, or end her sessions (`passwordChange`: calls
 * that must stay open to her); anything else answers 403 until then.
 */
export async function requireUser(req: Request, { passwordChange = false } = {}): Promise<Session> {
  const header = req.headers.get('authorization') ?? ''
  const token = /^Bearer ([\w.-]+)$/.exec(header)?.[1]
  if (!token) throw unauthorized('Authentication required')
  let payload
  try {
    ;({ payload } = await jwtVerify(token, secret(), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE }))
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw unauthorized(error instanceof errors.JWTExpired ? 'Your session has expired. Please sign in again.' : undefined)
  }
  if (!payload.sub || !payload.jti || !payload.exp) throw unauthorized()
  if (await revokedTokens.isRevoked(payload.jti)) throw unauthorized()
  // The stored user decides: a deleted user or a changed role takes effect at once.
  const user = await users.findById(payload.sub)
  if (!user) throw unauthorized()
  // Tokens from before the version existed carry none: they count as version 0.
  if ((payload.sv ?? 0) !== (user.sessionVersion ?? 0))
    throw unauthorized('This session has ended: the password was changed or every session was signed out. Please sign in again.')
  if (user.mustChangePassword && !passwordChange) throw new HttpError(403, USER_MESSAGES.mustChange)
  return { user, jti: payload.jti, expiresAt: payload.exp }
}

/** As requireUser, and the user must hold one of the roles; else 403. */
export async function requireRole(req: Request, roles: readonly Role[]): Promise<Session> {
  const session = await requireUser(req)
  if (!roles.includes(session.user.role)) throw new HttpError(403, 'You do not have permission to do that.')
  return session
}

export const requireEditor = (req: Request) => requireRole(req, ['admin', 'editor'])
export const requireAdmin = (req: Request) => requireRole(req, ['admin'])
