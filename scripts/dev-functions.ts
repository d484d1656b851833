/**
 * Local runs serve the site's functions plus the development helpers (seed, outbox), which must
 * never ship: a deploy bundles netlify/functions only. netlify.toml's dev context points the CLI
 * at .tmp/functions-dev, which this script fills with links to both folders. `npm run dev` and the
 * browser tests' server run it first; run it again after adding a function.
 */
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const target = path.join(root, '.tmp', 'functions-dev')

export function linkDevFunctions(): string[] {
  rmSync(target, { recursive: true, force: true })
  mkdirSync(target, { recursive: true })
  const linked: string[] = []
  for (const folder of ['netlify/functions', 'netlify/dev-functions']) {
    for (const file of readdirSync(path.join(root, folder)).filter((name) => name.endsWith('.ts'))) {
      symlinkSync(path.relative(target, path.join(root, folder, file)), path.join(target, file))
      linked.push(file)
    }
  }
  return linked
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`[dev-functions] ${linkDevFunctions().length} functions linked into ${path.relative(root, target)}`)
}
