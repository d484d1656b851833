import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { AppRoutes, preloadPages } from './app/app-routes'
import { SiteTextsProvider } from './features/content/site-texts'

/**
 * Build-time rendering of a page to HTML (scripts/prerender.ts). Pages render with the built-in
 * texts, as the browser's first render does, so hydration matches; data requests stay pending
 * during the build (see api-client), so data pages render their loading state.
 */
export async function render(url: string): Promise<string> {
  await preloadPages()
  const app = (
    <StrictMode>
      <StaticRouter location={url}>
        <SiteTextsProvider pending={new Promise(() => {})}>
          <AppRoutes />
        </SiteTextsProvider>
      </StaticRouter>
    </StrictMode>
  )
  // The first pass lets React.lazy see its (already loaded) modules; the second renders them.
  renderToString(app)
  await new Promise((resolve) => setTimeout(resolve, 0))
  return renderToString(app)
}
