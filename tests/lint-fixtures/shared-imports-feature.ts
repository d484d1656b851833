// Linted as src/lib/lint-fixture.ts: shared code importing a feature.
import { getPosts } from '../features/blog/api/get-posts'

export const load = getPosts
