import type { Config } from '@netlify/functions'
import * as z from 'zod/mini'
import { clientNetwork } from '#lib/http/client-network.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { devOnly } from '#lib/demo/guard.ts'
import { json, readBody, route } from '#lib/http/route.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'

const BodySchema = z.object({
  form: z.enum(['subscribe', 'booking', 'download']),
  count: z.number().check(z.int(), z.minimum(1), z.maximum(1_000)),
})

/**
 * POST /api/dev/limits { form, count }, local development only (see lib/demo/guard.ts): uses up
 * `count` slots of a public limit for the caller's network, as that many earlier visitors would
 * have, so a browser test can meet a real refusal without sending hundreds of requests first.
 */
export default devOnly(
  route({
    POST: async (req, context) => {
      const { form, count } = await readBody(req, BodySchema)
      const network = clientNetwork(req, context)
      for (let i = 0; i < count; i += 10) {
        await Promise.all(Array.from({ length: Math.min(10, count - i) }, () => rateLimits.take(PUBLIC_LIMITS[form], network)))
      }
      return json({ success: true, network })
    },
  }),
)

export const config: Config = { path: '/api/dev/limits' }
