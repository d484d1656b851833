import { jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { requireKeyFor, type KeyPurpose } from './secrets'

/**
 * The signed tokens that emailed links carry (a password reset, a subscription to confirm): HS256
 * under a key derived for that kind of link alone, with an audience and a `purpose` claim of its
 * own. So a token made for one kind of link never passes for another, nor for an admin session.
 */
export type LinkKind = {
  /** Which derived key signs it (auth/secrets.ts). */
  key: KeyPurpose
  /** What is answered while the site has no secret yet. */
  unconfigured: string
  audience: string
  purpose: string
}

const ALGORITHM = 'HS256'
const ISSUER = 'faithful-finances'
const keyOf = (kind: LinkKind) => new Uint8Array(requireKeyFor(kind.key, kind.unconfigured))

export async function signLinkToken(
  kind: LinkKind,
  {
    subject,
    lifetimeSeconds,
    nonce,
    claims = {},
    now = new Date(),
  }: { subject: string; lifetimeSeconds: number; nonce?: string; claims?: Record<string, unknown>; now?: Date },
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  const token = new SignJWT({ ...claims, purpose: kind.purpose }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).setSubject(subject)
  if (nonce !== undefined) token.setJti(nonce)
  return token
    .setIssuer(ISSUER)
    .setAudience(kind.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(keyOf(kind))
}

/**
 * The claims of a token of this kind that this site signed and that has not expired. Throws jose's
 * errors as they are (JWTExpired only for a token of ours: jose checks the signature first), and
 * an Error for a token of ours made for another purpose.
 */
export async function readLinkToken(kind: LinkKind, token: string, requiredClaims: string[]): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, keyOf(kind), {
    algorithms: [ALGORITHM],
    issuer: ISSUER,
    audience: kind.audience,
    requiredClaims,
  })
  if (payload.purpose !== kind.purpose) throw new Error(`not a ${kind.purpose} token`)
  return payload
}
