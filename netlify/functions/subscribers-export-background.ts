import * as z from 'zod/mini'
import { isId } from '#domain/fields.ts'
import { subscribersExportWorker } from '#domain/api/mail.ts'
import { endpoint } from '#lib/http/endpoint.ts'
import { users } from '#lib/data/users.ts'
import { HttpError, readBody } from '#lib/http/route.ts'
import { buildExport, EXPORT_SIGNATURE_HEADER, isValidExportSignature } from '#lib/subscribers/export.ts'

const BodySchema = z.object({ id: z.string().check(z.refine(isId)) })

/**
 * A background function (the name's `-background`): the platform answers the caller 202 at once
 * and gives this up to 15 minutes, enough to read 100,000 subscribers. It has no address but
 * Netlify's own, and runs only a job whose id carries the exports endpoint's signature. What it
 * answers reaches nobody on Netlify; locally it says what happened, as every function does.
 */
export default endpoint(subscribersExportWorker, {
  POST: async ({ req }) => {
    const { id } = await readBody(req, BodySchema).catch(() => {
      throw new HttpError(401, 'Invalid request')
    })
    if (!isValidExportSignature(id, req.headers.get(EXPORT_SIGNATURE_HEADER))) throw new HttpError(401, 'Invalid request')
    await buildExport(id, async (ownerId) => {
      const user = await users.findById(ownerId)
      return user ? { id: user.id, username: user.username } : null
    })
    return {}
  },
})
