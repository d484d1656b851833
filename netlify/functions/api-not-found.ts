import { fail } from '#lib/http/route.ts'

/** Any /api path no function claims: a JSON 404, never the HTML of the site (see netlify.toml). */
export default async () => fail(404, 'Not found')
