import { BODY_TYPES, mediaTypeOf } from '#lib/http/cross-site.ts'
import { readLimitedText } from '#lib/http/route.ts'

/**
 * A form the browser posts itself (the page's code has not started, or JavaScript is off) arrives
 * form-encoded, and expects a page in answer rather than JSON. The page's code always sends JSON.
 * A post from another site never gets this far: the route wrapper refuses it (cross-site.ts).
 */
export function isFormPost(req: Request): boolean {
  return mediaTypeOf(req) === BODY_TYPES.form
}

/**
 * The posted fields named in `names`, each its first value as typed (a field sent twice counts
 * once; any other field is ignored). Bounded like every body.
 */
export async function readFormFields<N extends string>(req: Request, names: readonly N[]): Promise<Partial<Record<N, string>>> {
  const params = new URLSearchParams(await readLimitedText(req))
  const fields: Partial<Record<N, string>> = Object.create(null) as Partial<Record<N, string>>
  for (const name of names) {
    const value = params.get(name)
    if (value !== null) fields[name] = value
  }
  return fields
}
