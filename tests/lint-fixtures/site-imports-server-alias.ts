// Linted as src/pages/lint-fixture.ts: the site importing server code through an import alias.
import { json } from '#lib/http/route.ts'

export const answer = json
