// Linted as src/pages/lint-fixture.ts: a page importing a feature and domain code (allowed).
import { postPath } from '../../domain/route-map'
import { getPosts } from '../features/blog/api/get-posts'

export const uses = [getPosts, postPath]
