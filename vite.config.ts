import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { DEV_PAGE_HEADERS, headersFile } from '#build/headers.ts'

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), netlifyHeaders()],
  // The server bundle (src/entry-server.tsx) carries its dependencies, built for production: the
  // post page function bundles it as one file, with nothing left to resolve from node_modules.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // Under npm run dev the pages come from here: they carry the site's headers too (build/headers.ts).
  server: { headers: DEV_PAGE_HEADERS },
  build: {
    target: 'es2022',
    // scripts/prerender.ts reads it to link each prerendered page's CSS and code.
    manifest: true,
    assetsInlineLimit: 0,
  },
}))
