import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { DEV_PAGE_HEADERS, headersFile } from '#build/headers.ts'

/** The chunks of the admin's screens: named after their modules, src/pages/admin/*.tsx and the admin layout. */
const ADMIN_SCREENS = readdirSync('src/pages/admin')
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .map((file) => file.replace(/\.tsx$/, ''))
const ADMIN_CHUNK = new RegExp(`(^|/)(${[...ADMIN_SCREENS, 'admin-layout', 'admin-routes'].join('|')})-[\\w-]+\\.js$`)

/** Emits dist/_headers (see build/headers.ts). */
function netlifyHeaders(): Plugin {
  return {
    name: 'netlify-headers',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile() })
    },
  }
}

/** The server build draws no admin screen (see src/app/admin-routes.server.tsx). */
function adminOutOfServerBuild(): Plugin {
  const stand = fileURLToPath(new URL('src/app/admin-routes.server.tsx', import.meta.url))
  return {
    name: 'admin-out-of-server-build',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && Boolean(env.isSsrBuild),
    resolveId(source, importer) {
      return source === './admin-routes' && importer?.endsWith('/src/app/app-routes.tsx') ? stand : undefined
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), netlifyHeaders(), adminOutOfServerBuild()],
  // The server bundle (src/entry-server.tsx) carries its dependencies, built for production: the
  // post page function bundles it as one file, with nothing left to resolve from node_modules.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // Under npm run dev the pages come from here: they carry the site's headers too (build/headers.ts).
  server: {
    headers: DEV_PAGE_HEADERS,
    // netlify dev copies the built pages into each function it builds (.netlify/functions-serve),
    // and the servers' folders live in .tmp/: none of it is the site's source, and watching it
    // reloaded an open page once per function built.
    watch: { ignored: ['**/.netlify/**', '**/.tmp/**'] },
  },
  build: {
    target: 'es2022',
    // scripts/prerender.ts reads it to link each prerendered page's CSS and code.
    manifest: true,
    assetsInlineLimit: 0,
    // The site's entry names, for each lazy page, every file it needs, so they load at once. For
    // the admin's screens (dozens of small pieces) it names only their stylesheets, which must be
    // linked from there; their code follows their own imports. The list is in every public
    // page's first load, and the admin's pieces would weigh on it.
    modulePreload: {
      resolveDependencies: (filename, deps) => (ADMIN_CHUNK.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
  },
}))
