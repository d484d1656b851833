import * as z from 'zod/mini'
import { entityMessages } from './entity-messages'
import { valuesOf } from './choices'
import { EMAIL_MAX, emailField, IdSchema, linesCheck, type FieldSpec } from './fields'

export const ROLE_LABELS = { editor: 'Editor', admin: 'Admin' } as const
export const ROLES = valuesOf(ROLE_LABELS)
export type Role = (typeof ROLES)[number]

/** bcrypt only reads the first 72 bytes of a password; longer ones would silently match shorter ones. */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX_BYTES = 72

export const USER_MESSAGES = {
  ...entityMessages('user'),
  notFound: 'User not found',
  taken: 'That username is already taken',
  selfDelete: 'You cannot delete your own account',
  lastAdmin: 'You cannot delete the last admin',
  ownerDelete: "The site owner's account cannot be deleted. Only she can hand ownership to another admin.",
  ownerReset: "Only the site owner can change her password, from My account.",
  ownerStaysAdmin: 'The site owner must stay an admin. Only she can hand ownership to another admin.',
  notOwner: 'Only the site owner can hand ownership over.',
  alreadyOwner: 'You are already the site owner.',
  ownerMustBeAdmin: 'Ownership can only go to an admin.',
  ownerPasswordWrong: 'That is not your password. Ownership was not handed over.',
  handedOver: (username: string) => `${username} is now the site owner. You are still an admin.`,
  passwordChanged: 'Your password has been changed. You are still signed in here; other sessions have ended.',
  passwordReset: 'Password reset. They will choose a new one when they next sign in.',
  currentWrong: 'Current password is incorrect',
  commonPassword: 'That password is one of the most common ones. Choose one that is harder to guess.',
  samePassword: 'Choose a new password, different from the current one',
  mismatch: 'The new passwords do not match',
  mustChange: 'Your password was reset. Choose a new password to continue.',
  selfReset: 'Change your own password from My account',
  tooManyTries: 'Too many attempts. Please wait a few minutes and try again.',
} as const

export const LOGIN_MESSAGES = {
  failed: 'Login failed',
  invalid: 'Invalid username or password',
  network: 'Network error. Please try again.',
  tooMany: 'Too many sign-in attempts. Please wait a few minutes and try again.',
} as const

const USERNAME_MAX = 32

const utf8Length = (text: string) => new TextEncoder().encode(text).length

export const UsernameSchema = z
  .string({ error: 'Username is required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'Username is required' }),
    z.minLength(3, { error: 'Username must be at least 3 characters' }),
    z.maxLength(USERNAME_MAX, { error: `Username must be at most ${USERNAME_MAX} characters` }),
    linesCheck('Username'),
    z.regex(/^[\w.-]+$/, { error: 'Username may use letters, digits, dots, dashes and underscores' }),
  )

export const PasswordSchema = z.string({ error: 'Password is required' }).check(
  z.minLength(1, { error: 'Password is required' }),
  z.minLength(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` }),
  z.refine((p) => utf8Length(p) <= PASSWORD_MAX_BYTES, {
    error: `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
  }),
)

/** The sign-in form's fields; one message under the form tells what went wrong. */
export const LOGIN_FIELDS = {
  username: { label: 'Username' },
  password: { label: 'Password' },
} as const satisfies Record<string, FieldSpec>

export const LoginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Username is required' }),
      z.maxLength(64, { error: 'Invalid username or password' }),
      linesCheck('Username'),
    ),
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, { error: 'Password is required' }), z.maxLength(256, { error: 'Invalid username or password' })),
})

/** The add-user form's fields, in form order. */
export const USER_FIELDS = {
  username: { label: 'Username', max: USERNAME_MAX },
  email: { label: 'Email', max: EMAIL_MAX },
  password: { label: 'Password', hint: `At least ${PASSWORD_MIN} characters.` },
  role: { label: 'Role' },
} as const satisfies Record<string, FieldSpec>

/** My account: the signed-in user changes her own password. */
export const PASSWORD_CHANGE_FIELDS = {
  currentPassword: { label: 'Current password' },
  newPassword: { label: 'New password', hint: `At least ${PASSWORD_MIN} characters, and not one of the most common passwords.` },
  confirmPassword: { label: 'Confirm new password' },
} as const satisfies Record<string, FieldSpec>

export const PasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .check(z.minLength(1, { error: 'Current password is required' }), z.maxLength(256, { error: USER_MESSAGES.currentWrong })),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: USER_MESSAGES.mismatch }),
  })
  .check(
    z.refine((input) => input.confirmPassword === input.newPassword, { error: USER_MESSAGES.mismatch, path: ['confirmPassword'] }),
    z.refine((input) => input.newPassword !== input.currentPassword, { error: USER_MESSAGES.samePassword, path: ['newPassword'] }),
  )
export type PasswordChangeInput = z.input<typeof PasswordChangeSchema>

/** An admin resets another user's password: a temporary one that user must replace at sign-in. */
export const PASSWORD_RESET_FIELDS = {
  userId: { label: 'User' },
  password: {
    label: 'Temporary password',
    hint: `At least ${PASSWORD_MIN} characters. They will choose their own when they next sign in.`,
  },
} as const satisfies Record<string, FieldSpec>

export const PasswordResetSchema = z.object({ password: PasswordSchema })
export type PasswordResetInput = z.input<typeof PasswordResetSchema>
/** The Users screen's reset form: whose password, then the temporary one (the user goes in the address). */
export const PasswordResetFormSchema = z.extend(PasswordResetSchema, {
  userId: z.string().check(z.minLength(1, { error: 'Choose a user' })),
})

/** The Users screen's hand-over: whom to (the address names her), and the owner's own password to confirm. */
export const OWNER_HANDOVER_FIELDS = {
  userId: { label: 'New owner' },
  password: { label: 'Your password', hint: 'To confirm it is you: the new owner can then delete your account.' },
} as const satisfies Record<string, FieldSpec>

export const OwnerHandoverSchema = z.object({
  password: z
    .string({ error: 'Enter your password to confirm' })
    .check(z.minLength(1, { error: 'Enter your password to confirm' }), z.maxLength(256, { error: USER_MESSAGES.ownerPasswordWrong })),
})
export type OwnerHandoverInput = z.input<typeof OwnerHandoverSchema>
/** The form: the new owner goes in the address, the password in the body. */
export const OwnerHandoverFormSchema = z.extend(OwnerHandoverSchema, {
  userId: z.string().check(z.minLength(1, { error: 'Choose an admin' })),
})

export const UserInputSchema = z.object({
  username: UsernameSchema,
  email: emailField('Email is required', 'Enter a valid email'),
  password: PasswordSchema,
  role: z._default(z.enum(ROLES, { error: 'Role must be editor or admin' }), 'editor'),
})
export type UserInput = z.input<typeof UserInputSchema>

/** A user as every call returns it: never the password or its hash. */
export const PublicUserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  lastLogin: z.optional(z.string()),
  /** Set by an admin's reset: the user must choose a new password before anything else. */
  mustChangePassword: z.optional(z.boolean()),
  /**
   * The site's owner, one admin (the first): nobody else can delete, demote or reset her, and only
   * she can hand ownership to another admin (docs/decisions.md, The site's owner).
   */
  owner: z.optional(z.literal(true)),
})
export type PublicUser = z.infer<typeof PublicUserSchema>

/**
 * sessionVersion is carried in every token; a password change or reset raises it, which ends every
 * session signed with the old number (the user's own current one gets a new token).
 */
export const StoredUserSchema = z.extend(PublicUserSchema, { passwordHash: z.string(), sessionVersion: z.optional(z.number()) })
export type StoredUser = z.infer<typeof StoredUserSchema>

/** The session user kept in browser storage as adminUser. */
export const SessionUserSchema = z.object({ username: z.string(), role: z.enum(ROLES), mustChangePassword: z.optional(z.boolean()) })
export type SessionUser = z.infer<typeof SessionUserSchema>
