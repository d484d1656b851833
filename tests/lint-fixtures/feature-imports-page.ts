// Linted as src/features/blog/lint-fixture.ts: a feature importing a page.
import { BlogPage } from '../../pages/blog'

export const page = BlogPage
