// Linted as netlify/lib/lint-fixture.ts: the server's one door into the site, and domain code (allowed).
import { render } from '#app-renderer'
import { postPath } from '../../domain/route-map'

export const uses = [render, postPath]
