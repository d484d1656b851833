/* eslint-disable @typescript-eslint/no-require-imports -- eslint-module-utils loads a resolver with require() */
// Lets the layer rule (eslint-plugin-boundaries) see through the import aliases of package.json
// ("#lib/...", "#domain/...", "#src/..."): the node resolver it uses otherwise knows only relative
// paths and packages, and an import it cannot resolve is one no layer rule checks.
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..')
const { imports } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const patterns = Object.entries(imports)
  .filter(([name, target]) => name.endsWith('/*') && typeof target === 'string')
  .map(([name, target]) => ({ prefix: name.slice(0, -1), dir: path.join(root, target.slice(0, -1)) }))

exports.interfaceVersion = 2

exports.resolve = (source) => {
  const match = patterns.find(({ prefix }) => source.startsWith(prefix))
  if (!match) return { found: false }
  const file = path.join(match.dir, source.slice(match.prefix.length).split('?')[0])
  return fs.existsSync(file) ? { found: true, path: file } : { found: false }
}
