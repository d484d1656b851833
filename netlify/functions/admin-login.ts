import { LOGIN_MESSAGES } from '#domain/admin-user.ts'
import { adminLogin } from '#domain/api/account.ts'
import { assertSigningConfigured, issueToken } from '#lib/auth/session.ts'
import { users } from '#lib/data/users.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { HttpError } from '#lib/http/route.ts'
import { takeLoginAttempt, verifyPassword } from '#lib/auth/login.ts'

/** POST /api/admin/login (also /.netlify/functions/admin-login, see netlify.toml). */
export default endpoint(adminLogin, {
  POST: async ({ req, context, body: { username, password } }) => {
    assertSigningConfigured()
    const attempt = await takeLoginAttempt(username, req, context)
    const user = await verifyPassword(username, password)
    if (!user) throw new HttpError(401, LOGIN_MESSAGES.invalid)
    await attempt.succeeded()
    await users.recordLogin(user.id)
    const token = await issueToken(user)
    // After an admin's reset the app sends the user straight to choose a new password.
    const sessionUser = { username: user.username, role: user.role, ...(user.mustChangePassword ? { mustChangePassword: true } : {}) }
    return { token, user: sessionUser, message: 'Login successful' }
  },
})
