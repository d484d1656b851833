import { answers, contract } from './contract'
import { ENDPOINTS } from '#domain/endpoints.ts'
import {
  ForgotPasswordSchema,
  LoginSchema,
  OwnerHandoverSchema,
  PasswordChangeSchema,
  PasswordResetByLinkSchema,
  PasswordResetSchema,
  ResetLinkSchema,
  USER_MESSAGES,
  UserInputSchema,
  type PublicUser,
  type SessionUser,
} from '#domain/admin-user.ts'

/** Signing in and out, passwords, and the people who may sign in. */

export const adminLogin = contract({
  endpoint: ENDPOINTS.adminLogin,
  methods: {
    POST: {
      access: 'public',
      sends: 'username, password',
      answers:
        '`token`, `user` ({ username, role }), `message` "Login successful"; 401 "Invalid username or password"; 429 "Too many sign-in attempts…"; 503 "Sign-in is not configured on this site yet."',
      body: LoginSchema,
      answer: answers<{ token: string; user: SessionUser; message: string }>(),
    },
  },
})

export const adminLogout = contract({
  endpoint: ENDPOINTS.adminLogout,
  methods: {
    POST: {
      access: 'signed-in',
      answers: '`message` "Logged out"; the token stops working at once',
      answer: answers<{ message: string }>(),
    },
  },
})

export const passwordResetRequest = contract({
  endpoint: ENDPOINTS.passwordResetRequest,
  methods: {
    POST: {
      access: 'public',
      sends: 'identifier (a username or an email)',
      answers:
        'the same `message` whoever is named; the email goes out after the answer; 429 past 20 requests from one network in an hour; 503 on a deployed site without email settings',
      body: ForgotPasswordSchema,
      answer: answers<{ message: string }>(),
    },
  },
})

export const passwordResetCheck = contract({
  endpoint: ENDPOINTS.passwordResetCheck,
  methods: {
    POST: {
      access: 'public',
      who: 'anyone with a link',
      sends: 'token',
      answers:
        '`username` while the link works; 410 with why when it expired, was used or was replaced; 400 for a token that is not a reset link',
      body: ResetLinkSchema,
      answer: answers<{ username: string }>(),
    },
  },
})

export const passwordReset = contract({
  endpoint: ENDPOINTS.passwordReset,
  methods: {
    POST: {
      access: 'public',
      who: 'anyone with a link',
      sends: 'token, newPassword, confirmPassword',
      answers:
        '"Your new password is set…", a `token` and `user` (she is signed in); every other session ends; 400 for a weak or mismatched password (the link still works); 410 / 400 as for check',
      body: PasswordResetByLinkSchema,
      answer: answers<{ message: string; token: string; user: SessionUser }>(),
    },
  },
})

export const adminAccountPassword = contract({
  endpoint: ENDPOINTS.adminAccountPassword,
  methods: {
    POST: {
      access: 'signed-in',
      sends: 'currentPassword, newPassword, confirmPassword',
      answers:
        '"Your password has been changed. …", a new `token` and `user`; 400 "Current password is incorrect", a weak, mismatched or unchanged password; 429 after five wrong current passwords in 15 minutes from this session',
      body: PasswordChangeSchema,
      answer: answers<{ token: string; user: SessionUser; message: string }>(),
    },
  },
})

export const adminAccountSignOut = contract({
  endpoint: ENDPOINTS.adminAccountSignOut,
  methods: {
    POST: {
      access: 'signed-in',
      answers: '"You have been signed out everywhere…"; every token of hers stops working, this one included',
      answer: answers<{ message: string }>(),
    },
  },
})

export const adminUsers = contract({
  endpoint: ENDPOINTS.adminUsers,
  methods: {
    GET: {
      access: 'admin',
      answers: '`users`, never with passwords or hashes',
      answer: answers<{ users: PublicUser[] }>(),
    },
    POST: {
      access: 'admin',
      sends: 'username, email, password, role',
      answers: '201, `user`, "User created successfully"; 400 for a weak password; 409 "That username is already taken"',
      body: UserInputSchema,
      status: 201,
      answer: answers<{ user: PublicUser; message: string }>(),
    },
  },
})

export const adminUser = contract({
  endpoint: ENDPOINTS.adminUser,
  ids: { id: USER_MESSAGES.notFound },
  methods: {
    DELETE: {
      access: 'admin',
      answers:
        '"User deleted successfully"; 404 "User not found"; 403 "The site owner\'s account cannot be deleted. Only she can hand ownership to another admin."; 409 "You cannot delete your own account" or "You cannot delete the last admin"',
      answer: answers<{ message: string }>(),
    },
  },
})

export const adminUserPassword = contract({
  endpoint: ENDPOINTS.adminUserPassword,
  ids: { id: USER_MESSAGES.notFound },
  methods: {
    POST: {
      access: 'admin',
      sends: 'password (temporary)',
      answers:
        '"Password reset. They will choose a new one when they next sign in."; 400 for a weak password; 403 "Only the site owner can change her password: from My account, or with a reset link sent to her."; 404 "User not found"; 409 "Change your own password from My account"',
      body: PasswordResetSchema,
      answer: answers<{ message: string }>(),
    },
  },
})

export const adminUserOwner = contract({
  endpoint: ENDPOINTS.adminUserOwner,
  ids: { id: USER_MESSAGES.notFound },
  methods: {
    POST: {
      access: 'admin',
      who: 'admin, the site owner',
      sends: 'password (her own)',
      answers:
        '"{name} is now the site owner. You are still an admin."; 400 "Enter your password to confirm", "That is not your password. Ownership was not handed over."; 403 "Only the site owner can hand ownership over."; 404 "User not found"; 409 "Ownership can only go to an admin." or "You are already the site owner."; 429 after five wrong passwords in 15 minutes from this session (counted with a password change\'s)',
      body: OwnerHandoverSchema,
      answer: answers<{ message: string }>(),
    },
  },
})
