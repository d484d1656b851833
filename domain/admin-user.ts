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
  ownerReset: 'Only the site owner can change her password: from My account, or with a reset link sent to her.',
  ownerStaysAdmin: 'The site owner must stay an admin. Only she can hand ownership to another admin.',
  notOwner: 'Only the site owner can hand ownership over.',
  alreadyOwner: 'You are already the site owner.',
  ownerMustBeAdmin: 'Ownership can only go to an admin.',
  ownerPasswordWrong: 'That is not your password. Ownership was not handed over.',
  handedOver: (username: string) => `${username} is now the site owner. You are still an admin.`,
  passwordChanged: 'Your password has been changed. You are still signed in here; other sessions have ended.',
  passwordReset: 'Password reset. They will choose a new one when they next sign in.',
  currentWrong: 'Current password is incorrect',
  /** The start of a refusal by strength; the server adds what made it weak and PASSWORD_ADVICE. */
  weakPassword: 'That password would be easy to guess.',
  samePassword: 'Choose a new password, different from the current one',
  mismatch: 'The new passwords do not match',
  mustChange: 'Your password was reset. Choose a new password to continue.',
  selfReset: 'Change your own password from My account',
  tooManyTries: 'Too many attempts. Please wait a few minutes and try again.',
  signedOutEverywhere: 'You have been signed out everywhere, on this device too. Sign in again to continue.',
  signOutFailed: 'Could not sign out everywhere',
} as const

/** What to do about a weak password: the end of every refusal by strength. */
export const PASSWORD_ADVICE = 'Choose a longer one: four or more words that do not usually go together are hard to guess and easy to remember.'

/** A reset link works for this long (docs/decisions.md, Tokens and passwords). */
export const RESET_LINK_TTL_MINUTES = 30
/** At most one reset email per account in this time; shorter than a link's life, so the newest email's link always works. */
export const RESET_EMAIL_INTERVAL_MINUTES = 10

export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every request, whether or not the name or email belongs to anyone. */
  requested: `If that username or email belongs to an account here, we have sent a link to choose a new password to the account's email address. The link works for ${RESET_LINK_TTL_MINUTES} minutes; only the newest one works. Nothing arrived? Check your spam folder, or ask again in ${RESET_EMAIL_INTERVAL_MINUTES} minutes.`,
  requestFailed: 'Could not ask for a reset link',
  emailUnavailable: 'Email is not set up on this site yet, so a reset link cannot be sent. Ask another admin to reset your password.',
  expired: `This link has expired: links work for ${RESET_LINK_TTL_MINUTES} minutes. Ask for a new one below.`,
  used: 'This link has already been used. If you need to choose a new password again, ask for a new link below.',
  replaced:
    'This link no longer works: a newer one was sent, or the password was changed since. Use the link in the newest email, or ask for a new one below.',
  invalid: 'This link is not valid. Check that you opened the whole link from the email, or ask for a new one below.',
  done: 'Your new password is set and you are signed in. Every other session has ended.',
  failed: 'Could not set the new password',
} as const

export const LOGIN_MESSAGES = {
  failed: 'Login failed',
  invalid: 'Invalid username or password',
  network: 'Network error. Please try again.',
  tooMany:
    'Too many sign-in attempts. Please wait a few minutes and try again, or choose a new password by email with "Forgot your password?" below.',
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

const STRENGTH_HINT = `At least ${PASSWORD_MIN} characters and hard to guess: four or more unrelated words work well.`

/** The add-user form's fields, in form order. */
export const USER_FIELDS = {
  username: { label: 'Username', max: USERNAME_MAX },
  email: { label: 'Email', max: EMAIL_MAX },
  password: { label: 'Password', hint: STRENGTH_HINT },
  role: { label: 'Role' },
} as const satisfies Record<string, FieldSpec>

/** My account: the signed-in user changes her own password. */
export const PASSWORD_CHANGE_FIELDS = {
  currentPassword: { label: 'Current password' },
  newPassword: { label: 'New password', hint: STRENGTH_HINT },
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
    hint: `${STRENGTH_HINT} They will choose their own when they next sign in.`,
  },
} as const satisfies Record<string, FieldSpec>

export const PasswordResetSchema = z.object({ password: PasswordSchema })

/** "Forgot your password?": a username or an email address, whichever she remembers. */
export const FORGOT_PASSWORD_FIELDS = {
  identifier: { label: 'Username or email', max: EMAIL_MAX },
} as const satisfies Record<string, FieldSpec>

export const ForgotPasswordSchema = z.object({
  identifier: z
    .string({ error: 'Enter your username or email' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Enter your username or email' }),
      z.maxLength(EMAIL_MAX, { error: `Username or email must be at most ${EMAIL_MAX} characters` }),
      linesCheck('Username or email'),
    ),
})
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>

/** A reset link's token: a signed JWT, far shorter than this. */
const RESET_TOKEN_MAX = 2048
const ResetTokenSchema = z
  .string({ error: PASSWORD_RESET_MESSAGES.invalid })
  .check(z.minLength(1, { error: PASSWORD_RESET_MESSAGES.invalid }), z.maxLength(RESET_TOKEN_MAX, { error: PASSWORD_RESET_MESSAGES.invalid }))

export const ResetLinkSchema = z.object({ token: ResetTokenSchema })

/** The page a reset link opens: the new password twice. */
export const RESET_PASSWORD_FIELDS = {
  newPassword: PASSWORD_CHANGE_FIELDS.newPassword,
  confirmPassword: PASSWORD_CHANGE_FIELDS.confirmPassword,
} as const satisfies Record<string, FieldSpec>

const confirmed = () =>
  z.refine<{ newPassword: string; confirmPassword: string }>((input) => input.confirmPassword === input.newPassword, {
    error: USER_MESSAGES.mismatch,
    path: ['confirmPassword'],
  })

/** The reset page's form (the token comes from the link, not from a field). */
export const NewPasswordSchema = z.object({ newPassword: PasswordSchema, confirmPassword: z.string({ error: USER_MESSAGES.mismatch }) }).check(confirmed())
export type NewPasswordInput = z.input<typeof NewPasswordSchema>

export const PasswordResetByLinkSchema = z
  .object({ token: ResetTokenSchema, newPassword: PasswordSchema, confirmPassword: z.string({ error: USER_MESSAGES.mismatch }) })
  .check(confirmed())
export type PasswordResetByLinkInput = z.input<typeof PasswordResetByLinkSchema>
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
