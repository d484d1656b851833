// Linted as netlify/lib/lint-fixture.ts: the server importing site code through an import alias.
import { paths } from '#src/lib/api-client.ts'

export const addresses = paths
