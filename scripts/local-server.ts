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

export function localServerEnv(): Record<string, string> {
  return {
    DEMO_SEED: 'true',
    JWT_SECRET: process.env.JWT_SECRET ?? localSigningKey(),
  }
}
