// Linted as domain/lint-fixture.ts: domain code importing site code.
import { paths } from '../src/lib/api-client'

export const addresses = paths
