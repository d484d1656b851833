import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import type { InitialData } from '../domain/initial-data'
import { AppRoutes, preloadPages } from './app/app-routes'
import { SiteTextsProvider } from './features/content/site-texts'
import { provideInitialData } from './lib/initial-data'

/**
 * Server rendering of a page to HTML: the static pages at build time (scripts/prerender.ts) and
 * a post page on request (netlify/functions/blog-page.ts), with the post it shows as `initial`.
 * Pages render with the built-in texts, as the browser's first render does, so hydration matches;
 * other data requests stay pending here (see api-client), so data pages render their loading state.
 */
export async function render(url: string, initial?: InitialData): Promise<string> {
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
  // Each pass is synchronous and sees only its own data, so renders of two requests in one
  // process cannot mix. The first pass lets React.lazy see its (already loaded) modules; the
  // second renders them.
  const draw = () => {
    provideInitialData(initial)
    try {
      return renderToString(app)
    } finally {
      provideInitialData(undefined)
    }
  }
  draw()
  await new Promise((resolve) => setTimeout(resolve, 0))
  return draw()
}
