// Linted as src/pages/lint-fixture.ts: the site importing server code.
import { json } from '../../netlify/lib/http/route'

export const answer = json
