// Linted as src/pages/lint-fixture.ts: the site importing server code.
import { json } from '../../netlify/lib/http'

export const answer = json
