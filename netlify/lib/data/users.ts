import bcrypt from 'bcryptjs'
import * as z from 'zod/mini'
import { StoredUserSchema, USER_MESSAGES, type PublicUser, type StoredUser, type UserInputSchema } from '../../../domain/admin-user'
import { openStore } from '../blobs'
import { defineDocument } from '../document'
import { HttpError } from '../http'
import { newId } from '../ids'

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

// One document: "the last admin" and "username taken" are rules over the whole set, checked atomically.
const doc = defineDocument(
  () => openStore('users'),
  z.object({ users: z.array(StoredUserSchema) }),
  () => ({ users: [] }),
)

export function toPublicUser({ passwordHash: _hash, sessionVersion: _version, ...user }: StoredUser): PublicUser {
  return user
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

export const users = {
  async list(): Promise<PublicUser[]> {
    return (await doc.read()).users.map(toPublicUser)
  },

  async findByUsername(username: string): Promise<StoredUser | undefined> {
    return (await doc.read()).users.find((user) => sameName(user.username, username))
  },

  async findById(id: string): Promise<StoredUser | undefined> {
    return (await doc.read()).users.find((user) => user.id === id)
  },

  /**
   * "Forgot your password?": the user of that username, or every user of that email address
   * (an address may serve more than one account), compared without regard to case.
   */
  async findByUsernameOrEmail(identifier: string): Promise<StoredUser[]> {
    const all = (await doc.read()).users
    const byName = all.find((user) => sameName(user.username, identifier))
    if (byName) return [byName]
    return all.filter((user) => user.email.toLowerCase() === identifier.toLowerCase())
  },

  async count(): Promise<number> {
    return (await doc.read()).users.length
  },

  async create(fields: UserFields, options: PasswordCost = {}): Promise<PublicUser> {
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
    return doc.update(({ users }) => {
      if (users.some((u) => sameName(u.username, fields.username))) throw new HttpError(409, USER_MESSAGES.taken)
      return { doc: { users: [...users, user] }, result: toPublicUser(user) }
    })
  },

  /**
   * Creates the first admin from the environment, only while there is no user at all. With
   * `mustChange` (a weak ADMIN_PASSWORD) she must choose her own password at her first sign-in.
   */
  async bootstrap(fields: UserFields, { mustChange = false } = {}): Promise<void> {
    const passwordHash = await bcrypt.hash(fields.password, BCRYPT_COST)
    await doc.update(({ users }) => {
      if (users.length > 0) return { doc: { users }, result: undefined }
      const user: StoredUser = {
        id: newId(),
        username: fields.username,
        email: fields.email,
        role: 'admin',
        createdAt: new Date().toISOString(),
        passwordHash,
        ...(mustChange ? { mustChangePassword: true } : {}),
      }
      return { doc: { users: [user] }, result: undefined }
    })
  },

  remove(id: string, actingUserId: string): Promise<PublicUser> {
    return doc.update(({ users }) => {
      const user = users.find((u) => u.id === id)
      if (!user) throw new HttpError(404, USER_MESSAGES.notFound)
      if (user.id === actingUserId) throw new HttpError(409, USER_MESSAGES.selfDelete)
      if (user.role === 'admin' && users.filter((u) => u.role === 'admin').length === 1) {
        throw new HttpError(409, USER_MESSAGES.lastAdmin)
      }
      return { doc: { users: users.filter((u) => u.id !== id) }, result: toPublicUser(user) }
    })
  },

  /**
   * A new password for the user, which ends all of their sessions (sessionVersion goes up). After an
   * admin's reset (`mustChange`) the user must choose their own before anything else.
   */
  async setPassword(id: string, password: string, { mustChange, ...options }: { mustChange: boolean } & PasswordCost): Promise<StoredUser> {
    const passwordHash = await bcrypt.hash(password, costOf(options))
    return doc.update(({ users }) => {
      const user = users.find((u) => u.id === id)
      if (!user) throw new HttpError(404, USER_MESSAGES.notFound)
      const { mustChangePassword: _was, ...rest } = user
      const updated: StoredUser = {
        ...rest,
        passwordHash,
        sessionVersion: (user.sessionVersion ?? 0) + 1,
        ...(mustChange ? { mustChangePassword: true } : {}),
      }
      return { doc: { users: users.map((u) => (u.id === id ? updated : u)) }, result: updated }
    })
  },

  /** Ends every session of the user (every token carries the version it was signed with); answers the user as now stored. */
  endSessions(id: string): Promise<StoredUser> {
    return doc.update(({ users }) => {
      const user = users.find((u) => u.id === id)
      if (!user) throw new HttpError(404, USER_MESSAGES.notFound)
      const updated: StoredUser = { ...user, sessionVersion: (user.sessionVersion ?? 0) + 1 }
      return { doc: { users: users.map((u) => (u.id === id ? updated : u)) }, result: updated }
    })
  },

  recordLogin(id: string): Promise<void> {
    return doc.update(({ users }) => ({
      doc: { users: users.map((u) => (u.id === id ? { ...u, lastLogin: new Date().toISOString() } : u)) },
      result: undefined,
    }))
  },
}
