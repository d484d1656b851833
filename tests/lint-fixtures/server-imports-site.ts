// Linted as netlify/lib/lint-fixture.ts: the server importing site code other than through #app-renderer.
import { paths } from '../../src/lib/api-client'

export const addresses = paths
