import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import type { InitialData } from '#domain/initial-data.ts'
import { AppRoutes, preloadPages } from '#src/app/app-routes.tsx'
import { SiteTextsProvider } from '#src/features/content/site-texts.tsx'
import { InitialDataProvider } from '#src/lib/initial-data.tsx'

/**
 * Server rendering of a page to HTML: the static pages at build time (scripts/prerender.ts) and
 * a post page or a form's answer on request (netlify/lib/pages/render.ts), at the address `url`,
 * with the data it shows as `initial`. The data goes down the tree as a prop of
 * InitialDataProvider, so two renders in one process never see each other's.
 * The browser's main.tsx gives the same provider the same data, read from the page's data block.
 * Pages render with the texts in `initial` (else the built-in ones), as the browser's first render
 * does, so hydration matches; data the page was not given stays pending here (see api-client), so
 * such a page renders its loading state.
 */
export async function render(url: string, initial?: InitialData): Promise<string> {
  await preloadPages()
  const app = (
    <StrictMode>
      <InitialDataProvider initial={initial}>
        <StaticRouter location={url}>
          <SiteTextsProvider initial={initial?.texts} pending={new Promise(() => {})}>
            <AppRoutes />
          </SiteTextsProvider>
        </StaticRouter>
      </InitialDataProvider>
    </StrictMode>
  )
  // The first pass lets React.lazy see its (already loaded) modules; the second renders them.
  // Each pass is a tree of its own, with its own copy of the data.
  renderToString(app)
  await new Promise((resolve) => setTimeout(resolve, 0))
  return renderToString(app)
}
