import * as z from 'zod/mini'
import { isId } from '../../domain/fields'
import { users } from '../lib/data/users'
import { readLimitedText } from '../lib/http'
import { buildExport, EXPORT_SIGNATURE_HEADER, isValidExportSignature } from '../lib/subscriber-export'

const BodySchema = z.object({ id: z.string().check(z.refine(isId)) })

/**
 * A background function (the name's `-background`): the platform answers the caller 202 at once
 * and gives this up to 15 minutes, enough to read 100,000 subscribers. It has no address but
 * Netlify's own, and runs only a job whose id carries the exports endpoint's signature.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return new Response(null, { status: 405 })
  const parsed = z.safeParse(
    BodySchema,
    await readLimitedText(req)
      .then((text) => JSON.parse(text) as unknown)
      .catch(() => null),
  )
  if (!parsed.success || !isValidExportSignature(parsed.data.id, req.headers.get(EXPORT_SIGNATURE_HEADER))) {
    return new Response(null, { status: 401 })
  }
  await buildExport(parsed.data.id, async (ownerId) => {
    const user = await users.findById(ownerId)
    return user ? { id: user.id, username: user.username } : null
  })
  return new Response(null, { status: 202 })
}
