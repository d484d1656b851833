import type { Context } from '@netlify/functions'
import { env, runtimeOf } from '#lib/config/env.ts'
import { fail } from '#lib/http/route.ts'

/**
 * The development helpers (/api/dev/*) live in netlify/dev-functions/, which only local runs
 * serve (scripts/dev-functions.ts and netlify.toml's dev context): a deployed site does not have
 * them at all. Should one be deployed by mistake, it still answers like an unknown /api path
 * unless the runtime reports a local run and DEMO_SEED=true (set by `npm run dev` and the tests).
 */
export function devToolsEnabled(context: Context): boolean {
  return runtimeOf(context).local && env('DEMO_SEED') === 'true'
}

type Handler = (req: Request, context: Context) => Promise<Response>

export function devOnly(handler: Handler): Handler {
  return (req, context) => (devToolsEnabled(context) ? handler(req, context) : Promise.resolve(fail(404, 'Not found')))
}
