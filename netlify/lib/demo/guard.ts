import type { Context } from '@netlify/functions'
import { env, isLocalDevelopment } from '../env'
import { fail } from '../http'

/**
 * The development helpers (/api/dev/*) exist only under netlify dev started with DEMO_SEED=true
 * (`npm run dev` sets it). Anywhere else they answer exactly like an unknown /api path.
 */
export function devToolsEnabled(): boolean {
  return isLocalDevelopment() && env('DEMO_SEED') === 'true'
}

type Handler = (req: Request, context: Context) => Promise<Response>

export function devOnly(handler: Handler): Handler {
  return (req, context) => (devToolsEnabled() ? handler(req, context) : Promise.resolve(fail(404, 'Not found')))
}
