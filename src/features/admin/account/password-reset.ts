import { ENDPOINTS } from '#domain/endpoints.ts'
import * as z from 'zod/mini'
import { SessionUserSchema, type NewPasswordInput } from '#domain/admin-user.ts'
import { api, addressOf } from '#src/lib/api-client.ts'
import { saveSession } from '#src/lib/session.ts'

/**
 * "Forgot your password?" and the page its emailed link opens: calls made without a session (the
 * link is what vouches for her). Each answers the server's message; failures throw ApiError.
 */
export const passwordResetApi = {
  /** The same answer whoever is named: the server does not say whether an account exists. */
  request: async (identifier: string) =>
    (await api<{ message: string }>(addressOf(ENDPOINTS.passwordResetRequest), { method: 'POST', body: { identifier } })).message,

  /** Whose link it is, while it still works; else ApiError with why (expired, used, replaced). */
  check: async (token: string) =>
    (await api<{ username: string }>(addressOf(ENDPOINTS.passwordResetCheck), { method: 'POST', body: { token } })).username,

  /** Sets the new password and keeps the session the answer carries: she is signed in. */
  async choose(token: string, input: NewPasswordInput): Promise<string> {
    const answer = await api<{ message: string }>(addressOf(ENDPOINTS.passwordReset), { method: 'POST', body: { token, ...input } })
    const session = z.parse(z.object({ token: z.string(), user: SessionUserSchema }), answer)
    saveSession(session)
    return answer.message
  },
}
