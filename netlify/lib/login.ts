import bcrypt from 'bcryptjs'
import type { Context } from '@netlify/functions'
import * as z from 'zod/mini'
import { LOGIN_MESSAGES, PASSWORD_MAX_BYTES, UserInputSchema, type StoredUser } from '../../domain/admin-user'
import { firstIssue } from '../../domain/fields'
import { rateLimits, type Limit } from './data/rate-limits'
import { BCRYPT_COST, users } from './data/users'
import { env } from './env'
import { clientAddress, HttpError } from './http'

/**
 * DECISIONS.md 7: sign-in attempts are limited per username and per address. Each attempt takes
 * its slot before the password is checked (so parallel guesses cannot all slip past one check); a
 * success clears the username's slots and gives back its own slot at the address (only its own,
 * or one valid account would wipe an address's record of guesses); slots age out of the window,
 * so a real user is slowed down, never locked out for good.
 */
const PER_USERNAME: Limit = { scope: 'login-user', max: 5, windowMs: 15 * 60_000 }
const PER_ADDRESS: Limit = { scope: 'login-ip', max: 20, windowMs: 15 * 60_000 }

// Compared against when the username does not exist, so both cases take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST)

export async function takeLoginAttempt(username: string, req: Request, context: Context): Promise<{ succeeded: () => Promise<void> }> {
  const [byName, byAddress] = await Promise.all([
    rateLimits.take(PER_USERNAME, username),
    rateLimits.take(PER_ADDRESS, clientAddress(req, context)),
  ])
  if (!byName.allowed || !byAddress.allowed) {
    const retryAfter = Math.max(byName.retryAfterSeconds, byAddress.retryAfterSeconds)
    throw new HttpError(429, LOGIN_MESSAGES.tooMany, { 'Retry-After': String(retryAfter) })
  }
  return {
    succeeded: async () => {
      await Promise.all([rateLimits.reset(PER_USERNAME, username), byAddress.release()])
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

/** DECISIONS.md 6: the first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD, once, while no user exists. */
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
  await users.bootstrap(parsed.data)
}
