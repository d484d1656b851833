/**
 * The environment every local server of this project runs with (npm run dev, the browser tests,
 * lighthouse). Each also links the development helpers in first (scripts/dev-functions.ts).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const secretFile = path.join(root, '.tmp', 'local-jwt-secret')

/**
 * The code has no built-in signing key, not even for development: each checkout makes its own
 * random one on first start and keeps it in .tmp/ (ignored by git), so sessions survive a restart.
 */
function localSigningKey(): string {
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim()
  mkdirSync(path.dirname(secretFile), { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(secretFile, secret, { mode: 0o600 })
  return secret
}

/**
 * netlify.toml ends with a rule sending every address nothing else answers to the 404 page's
 * function. netlify dev takes a rule that is not forced to apply whenever the address is no file
 * of the published folder, which under Vite is every module it serves (`/src/main.tsx`,
 * `/@vite/client`): with this variable it asks Vite first, and applies the rule only to what Vite
 * answers 404, as the CDN applies it only where no file is. netlify serve's own files are in dist/.
 */
export const DEV_SERVER_FILES_FIRST = { NETLIFY_DEV_SERVER_CHECK_SSG_ENDPOINTS: 'true' }

export function localServerEnv(): Record<string, string> {
  return {
    ...DEV_SERVER_FILES_FIRST,
    DEMO_SEED: 'true',
    JWT_SECRET: process.env.JWT_SECRET ?? localSigningKey(),
  }
}
