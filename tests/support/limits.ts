import { networkOf } from '#lib/http/client-network.ts'
import { rateLimits } from '#lib/data/rate-limits.ts'
import { PUBLIC_LIMITS } from '#lib/forms/public-forms.ts'

/**
 * Uses up `count` slots of a public limit for an address's network, as that many earlier requests
 * would have, so a test can reach the edge of a limit without sending hundreds of requests.
 */
export async function useUpPublicLimit(form: keyof typeof PUBLIC_LIMITS, ip: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, count - i) }, () => rateLimits.take(PUBLIC_LIMITS[form], networkOf(ip))))
  }
}
