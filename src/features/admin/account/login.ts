import * as z from 'zod/mini'
import { LOGIN_MESSAGES, SessionUserSchema } from '#domain/admin-user.ts'
import { ApiError, api, paths } from '#src/lib/api-client.ts'
import { saveSession } from '#src/lib/session.ts'

const LoginResponseSchema = z.object({ token: z.string(), user: SessionUserSchema })

/**
 * The path the host-domain rule picks first (docs/product.md, API); if it answers 404 (not deployed
 * there), the other one. Resolves to an error message, or null when signed in.
 */
export async function login(username: string, password: string): Promise<string | null> {
  const [first, second] = paths.adminLogin()
  try {
    let data: unknown
    try {
      data = await api(first, { method: 'POST', body: { username, password } })
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error
      data = await api(second, { method: 'POST', body: { username, password } })
    }
    const parsed = z.safeParse(LoginResponseSchema, data)
    if (!parsed.success) return LOGIN_MESSAGES.failed
    saveSession(parsed.data)
    return null
  } catch (error) {
    if (error instanceof ApiError) return error.serverMessage ?? LOGIN_MESSAGES.failed
    return LOGIN_MESSAGES.network
  }
}
