import { ConflictError, NotAllowedError, NotFoundError } from '#domain/errors.ts'
import bcrypt from 'bcryptjs'
import * as z from 'zod/mini'
import { StoredUserSchema, USER_MESSAGES, type PublicUser, type StoredUser, type UserInputSchema } from '#domain/admin-user.ts'
import { openStore } from '#lib/storage/blobs.ts'
import { defineDocument } from '#lib/storage/document.ts'
import { newId } from '#lib/storage/ids.ts'
import { written, type Write, type WrittenBy } from './written'

/** A user added or removed, for the history (written.ts). */
const change = (before: PublicUser | null, after: PublicUser | null): Write => ({
  subject: 'user',
  recordId: (after ?? before)!.id,
  label: (after ?? before)!.username,
  before,
  after,
})

type UserFields = z.output<typeof UserInputSchema>

/** Cost of at least 10 (docs/decisions.md, Tokens and passwords). */
export const BCRYPT_COST = 10

/**
 * Only the demo seed and the tests pass a cost, and only a lower one: their passwords are public,
 * and hashing them at full cost on every reset is most of what the browser tests wait for. Every
 * other caller (the admin's users screen, the first admin) takes BCRYPT_COST.
 */
export type PasswordCost = { passwordCost?: number }

function costOf({ passwordCost }: PasswordCost): number {
  if (passwordCost === undefined) return BCRYPT_COST
  if (!Number.isInteger(passwordCost) || passwordCost < 4 || passwordCost > BCRYPT_COST)
    throw new Error(`bcrypt cost ${passwordCost} is out of range`)
  return passwordCost
}

// One document: "the last admin", "the owner" and "username taken" are rules over the whole set, checked atomically.
const doc = defineDocument(
  () => openStore('users'),
  z.object({ users: z.array(StoredUserSchema) }),
  () => ({ users: [] }),
)

/**
 * The users with their owner marked (docs/decisions.md, The site's owner). A store from before
 * owners has none: its oldest admin is the owner. Reads see her so at once; the next write of the
 * document stores the mark (every write goes through `update`, a compare-and-swap), so the owner
 * never changes without a hand-over.
 */
function withOwner(list: StoredUser[]): StoredUser[] {
  if (list.some((user) => user.owner)) return list
  const admins = list.filter((user) => user.role === 'admin')
  if (admins.length === 0) return list
  const oldest = admins.reduce((first, user) => (user.createdAt < first.createdAt ? user : first))
  return list.map((user): StoredUser => (user === oldest ? { ...user, owner: true } : user))
}

const read = async () => withOwner((await doc.read()).users)

/**
 * Every write: `change` sees the users with their owner marked, and whatever it returns must still
 * have one owner, an admin. So no write, today's or a later one, can leave the site without its
 * owner or make her anything less than an admin.
 */
function update<R>(change: (list: StoredUser[]) => { users: StoredUser[]; result: R }): Promise<R> {
  return doc.update((current) => {
    const before = withOwner(current.users)
    const { users: next, result } = change(before)
    const owners = next.filter((user) => user.owner)
    if (owners.length > 1) throw new Error('a users document cannot have two owners')
    if (owners.length === 0 && before.some((user) => user.owner)) throw new NotAllowedError(USER_MESSAGES.ownerDelete)
    if (owners[0] && owners[0].role !== 'admin') throw new NotAllowedError(USER_MESSAGES.ownerStaysAdmin)
    return { doc: { users: withOwner(next) }, result }
  })
}

export function toPublicUser({ passwordHash: _hash, sessionVersion: _version, ...user }: StoredUser): PublicUser {
  return user
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

export const users = {
  async list(): Promise<PublicUser[]> {
    return (await read()).map(toPublicUser)
  },

  async findByUsername(username: string): Promise<StoredUser | undefined> {
    return (await read()).find((user) => sameName(user.username, username))
  },

  async findById(id: string): Promise<StoredUser | undefined> {
    return (await read()).find((user) => user.id === id)
  },

  /**
   * "Forgot your password?": the user of that username, or every user of that email address
   * (an address may serve more than one account), compared without regard to case.
   */
  async findByUsernameOrEmail(identifier: string): Promise<StoredUser[]> {
    const all = await read()
    const byName = all.find((user) => sameName(user.username, identifier))
    if (byName) return [byName]
    return all.filter((user) => user.email.toLowerCase() === identifier.toLowerCase())
  },

  async count(): Promise<number> {
    return (await read()).length
  },

  async create(fields: UserFields, { by, ...options }: PasswordCost & WrittenBy = {}): Promise<PublicUser> {
    // Hash outside the atomic update: it is slow and must not be repeated on a retry.
    const passwordHash = await bcrypt.hash(fields.password, costOf(options))
    const user: StoredUser = {
      id: newId(),
      username: fields.username,
      email: fields.email,
      role: fields.role,
      createdAt: new Date().toISOString(),
      passwordHash,
    }
    const created = await update((users) => {
      if (users.some((u) => sameName(u.username, fields.username))) throw new ConflictError(USER_MESSAGES.taken)
      // The first admin of a store without one is its owner (the demo seed's admin, a test's first).
      const next = withOwner([...users, user])
      return { users: next, result: toPublicUser(next.at(-1)!) }
    })
    await written(change(null, created), by)
    return created
  },

  /**
   * Creates the first admin, the site's owner, from the environment, only while there is no user at
   * all. With `mustChange` (a weak ADMIN_PASSWORD) she must choose her own password at her first sign-in.
   */
  async bootstrap(fields: UserFields, { mustChange = false } = {}): Promise<void> {
    const passwordHash = await bcrypt.hash(fields.password, BCRYPT_COST)
    await update((users) => {
      if (users.length > 0) return { users, result: undefined }
      const user: StoredUser = {
        id: newId(),
        username: fields.username,
        email: fields.email,
        role: 'admin',
        owner: true,
        createdAt: new Date().toISOString(),
        passwordHash,
        ...(mustChange ? { mustChangePassword: true } : {}),
      }
      return { users: [user], result: undefined }
    })
  },

  async remove(id: string, actingUserId: string, { by }: WrittenBy = {}): Promise<PublicUser> {
    const removed = await update((users) => {
      const user = users.find((u) => u.id === id)
      if (!user) throw new NotFoundError(USER_MESSAGES.notFound)
      if (user.id === actingUserId) throw new ConflictError(USER_MESSAGES.selfDelete)
      if (user.owner) throw new NotAllowedError(USER_MESSAGES.ownerDelete)
      if (user.role === 'admin' && users.filter((u) => u.role === 'admin').length === 1) {
        throw new ConflictError(USER_MESSAGES.lastAdmin)
      }
      return { users: users.filter((u) => u.id !== id), result: toPublicUser(user) }
    })
    await written(change(removed, null), by)
    return removed
  },

  /**
   * The owner hands the site to another admin; she stays an admin. Checked again here, atomically:
   * she must still be the owner, and the other still an admin.
   */
  handOver(ownerId: string, toId: string): Promise<{ from: PublicUser; to: PublicUser }> {
    return update((users) => {
      const from = users.find((u) => u.id === ownerId)
      if (!from?.owner) throw new NotAllowedError(USER_MESSAGES.notOwner)
      const to = users.find((u) => u.id === toId)
      if (!to) throw new NotFoundError(USER_MESSAGES.notFound)
      if (to.id === from.id) throw new ConflictError(USER_MESSAGES.alreadyOwner)
      if (to.role !== 'admin') throw new ConflictError(USER_MESSAGES.ownerMustBeAdmin)
      const { owner: _handed, ...former } = from
      const heir: StoredUser = { ...to, owner: true }
      const next = users.map((u) => (u.id === from.id ? former : u.id === to.id ? heir : u))
      return { users: next, result: { from: toPublicUser(former), to: toPublicUser(heir) } }
    })
  },

  /**
   * A new password for the user, which ends all of their sessions (sessionVersion goes up). After an
   * admin's reset (`mustChange`) the user must choose their own before anything else.
   */
  async setPassword(
    id: string,
    password: string,
    { mustChange, by, ...options }: { mustChange: boolean; by: string } & PasswordCost,
  ): Promise<StoredUser> {
    const passwordHash = await bcrypt.hash(password, costOf(options))
    return update((users) => {
      const user = users.find((u) => u.id === id)
      if (!user) throw new NotFoundError(USER_MESSAGES.notFound)
      // Only she sets the owner's password: from My account, or through a reset link sent to her.
      if (user.owner && by !== id) throw new NotAllowedError(USER_MESSAGES.ownerReset)
      const { mustChangePassword: _was, ...rest } = user
      const updated: StoredUser = {
        ...rest,
        passwordHash,
        sessionVersion: (user.sessionVersion ?? 0) + 1,
        ...(mustChange ? { mustChangePassword: true } : {}),
      }
      return { users: users.map((u) => (u.id === id ? updated : u)), result: updated }
    })
  },

  /** Ends every session of the user (every token carries the version it was signed with); answers the user as now stored. */
  endSessions(id: string): Promise<StoredUser> {
    return update((users) => {
      const user = users.find((u) => u.id === id)
      if (!user) throw new NotFoundError(USER_MESSAGES.notFound)
      const updated: StoredUser = { ...user, sessionVersion: (user.sessionVersion ?? 0) + 1 }
      return { users: users.map((u) => (u.id === id ? updated : u)), result: updated }
    })
  },

  recordLogin(id: string): Promise<void> {
    return update((users) => ({
      users: users.map((u) => (u.id === id ? { ...u, lastLogin: new Date().toISOString() } : u)),
      result: undefined,
    }))
  },
}
