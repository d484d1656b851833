import bcrypt from 'bcryptjs'
import type { Context } from '@netlify/functions'
import * as z from 'zod/mini'
import { LOGIN_MESSAGES, PASSWORD_MAX_BYTES, UserInputSchema, type StoredUser } from '#domain/admin-user.ts'
import { DEFAULT_TEXTS } from '#domain/default-texts.ts'
import { firstIssue } from '#domain/fields.ts'
import { rateLimits, type Limit } from '#lib/data/rate-limits.ts'
import { users } from '#lib/data/users.ts'
import { env } from '#lib/config/env.ts'
import { clientNetwork } from '#lib/http/client-network.ts'
import { HttpError } from '#lib/http/route.ts'
import { passwordStrength, personalWords, MIN_SCORE } from './password-strength'

/**
 * Sign-in attempts are limited so that guessing is slow and the coach is never locked out by
 * someone else:
 * - per username *and* network: 5 tries in 15 minutes. Guesses at her username from elsewhere
 *   use up their own network's tries, never hers, so her right password works from a network
 *   with no recent failures while her username is under attack;
 * - per network: 20 tries in 15 minutes, whatever the usernames (one network guessing at many);
 * - per username, from all networks together: past 50 tries in 15 minutes the username is under
 *   a spread-out attack (an IPv6 /48 holds 65,536 networks of five tries each), and only networks
 *   she has signed in from in the last 90 days may try until it calms down.
 * Each attempt takes its slot before the password is checked (parallel guesses cannot all slip
 * past one check); a success gives back its own slots, clears the username's tries from that
 * network and remembers the network; slots age out of the window, so a person who mistypes is
 * slowed down, never locked out for good. A network is an IPv4 address or an IPv6 /64.
 *
 * On a network she has never used, during a spread-out attack, she is refused; the refusal names
 * the way out: "Forgot your password?" emails her a link that is not subject to these limits, and
 * choosing a new password through it signs her in and makes that network a known one
 * (password-reset.ts).
 */
export const LOGIN_LIMITS = {
  perUsernameAndNetwork: { scope: 'login-pair', max: 5, windowMs: 15 * 60_000 },
  perNetwork: { scope: 'login-net', max: 20, windowMs: 15 * 60_000 },
  perUsername: { scope: 'login-user', max: 50, windowMs: 15 * 60_000 },
} as const satisfies Record<string, Limit>
const KNOWN_NETWORK_MS = 90 * 24 * 60 * 60_000

/**
 * Changing her password takes the current one, and a stolen session must not become a way to
 * guess it: 5 wrong tries in 15 minutes, counted per session (the token's id), not per user.
 * Counted per user, five wrong tries from a stolen session would refuse the owner's own change
 * for 15 minutes, just when she needs it; per session, the thief slows down only himself, and
 * "sign out everywhere" ends his session. A session comes only from a sign-in with the password
 * (or a reset link), so nobody can make more sessions to guess faster.
 */
export const CURRENT_PASSWORD_TRIES = { scope: 'password-change', max: 5, windowMs: 15 * 60_000 } as const satisfies Limit

/**
 * Compared against when the username does not exist, so both cases take the same time: the hash of
 * a random password nobody kept, at BCRYPT_COST (a test checks the two agree). Written out rather
 * than hashed at start, which would add a full bcrypt round to every cold start of sign-in.
 */
export const DUMMY_HASH = '$2b$10$aMbweSdBFd8qQWkd0fS5r./8H9qWCX8NrZ4DF7sq3hK3PjRKraZ92'

/** After she proved who she is another way (a reset link): this network may sign in as her during an attack, with fresh tries. */
export async function trustNetwork(username: string, req: Request, context: Context): Promise<void> {
  const pair = `${username}\n${clientNetwork(req, context)}`
  await Promise.all([rateLimits.reset(LOGIN_LIMITS.perUsernameAndNetwork, pair), rateLimits.rememberNetwork(pair)])
}

export async function takeLoginAttempt(username: string, req: Request, context: Context): Promise<{ succeeded: () => Promise<void> }> {
  const network = clientNetwork(req, context)
  const pair = `${username}\n${network}`
  const [byPair, byNetwork, byUsername] = await Promise.all([
    rateLimits.take(LOGIN_LIMITS.perUsernameAndNetwork, pair),
    rateLimits.take(LOGIN_LIMITS.perNetwork, network),
    rateLimits.take(LOGIN_LIMITS.perUsername, username),
  ])
  const allowed = byPair.allowed && byNetwork.allowed && (byUsername.allowed || (await rateLimits.isKnownNetwork(pair, KNOWN_NETWORK_MS)))
  if (!allowed) {
    // A refused attempt must not hold a slot it was refused for.
    await Promise.all([byPair, byNetwork, byUsername].map((taken) => taken.allowed && taken.release()))
    const retryAfter = Math.max(byPair.retryAfterSeconds, byNetwork.retryAfterSeconds)
    throw new HttpError(429, LOGIN_MESSAGES.tooMany, { 'Retry-After': String(retryAfter) })
  }
  return {
    succeeded: async () => {
      await Promise.all([
        rateLimits.reset(LOGIN_LIMITS.perUsernameAndNetwork, pair),
        byNetwork.release(),
        byUsername.allowed && byUsername.release(),
        rateLimits.rememberNetwork(pair),
      ])
    },
  }
}

/**
 * The user whose password matches, or null. Always runs one bcrypt comparison. A password past
 * 72 bytes never matches: bcrypt would compare only its first 72 bytes, and no stored password is
 * longer (PasswordSchema).
 */
export async function verifyPassword(username: string, password: string): Promise<StoredUser | null> {
  await bootstrapFirstAdmin()
  const user = await users.findByUsername(username)
  const tooLong = new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES
  const matches = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH)
  return user && matches && !tooLong ? user : null
}

/**
 * The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD, once, while no user exists. A weak
 * ADMIN_PASSWORD is not refused, since refusing it would leave a new site with no way in at all
 * (the reason would only be in the function log); instead she must choose a strong password of
 * her own at her first sign-in, as after an admin's reset.
 */
async function bootstrapFirstAdmin(): Promise<void> {
  const username = env('ADMIN_USERNAME')
  const password = env('ADMIN_PASSWORD')
  if (!username || !password || (await users.count()) > 0) return
  // The first admin obeys the same rules as any other user (8 to 72 bytes, a valid username).
  const parsed = z.safeParse(UserInputSchema, { username, password, email: env('ADMIN_EMAIL') ?? `${username}@example.com`, role: 'admin' })
  if (!parsed.success) {
    console.error(`ADMIN_USERNAME / ADMIN_PASSWORD refused: ${firstIssue(parsed.error)}`)
    return
  }
  const words = personalWords({ username: parsed.data.username, email: parsed.data.email }, [DEFAULT_TEXTS.site.siteName])
  await users.bootstrap(parsed.data, { mustChange: passwordStrength(parsed.data.password, words).score < MIN_SCORE })
}
