// Global styles first, so component styles (CSS modules) come later in the cascade and win ties.
import '#src/styles/fonts.css'
import '#src/styles/font-fallbacks.css'
import '#src/styles/tokens.css'
import '#src/styles/base.css'
import '#src/styles/ui.css'
import { startTransition, StrictMode } from 'react'
import { BrowserRouter } from 'react-router-dom'
import { AppRoutes } from '#src/app/app-routes.tsx'
import { getSiteTexts } from '#src/features/content/get-site-texts.ts'
import { SiteTextsProvider } from '#src/features/content/site-texts.tsx'
import { InitialDataProvider, readPageData, settledNow } from '#src/lib/initial-data.tsx'

// The data the server rendered this page with (a post, a list, the texts, a form's answer), from the page itself.
const initial = readPageData()

// A form the browser posted itself is answered at the form's address (its function's); the page
// that answer shows is at another. The router must see that one, and so should a reload.
const pagePath = initial?.path
if (pagePath && pagePath !== window.location.pathname)
  window.history.replaceState(window.history.state, '', pagePath + window.location.hash)

const app = (
  <StrictMode>
    <InitialDataProvider initial={initial}>
      <BrowserRouter>
        <SiteTextsProvider initial={initial?.texts} pending={initial?.texts ? settledNow(initial.texts) : getSiteTexts()}>
          <AppRoutes />
        </SiteTextsProvider>
      </BrowserRouter>
    </InitialDataProvider>
  </StrictMode>
)

// Prerendered pages (scripts/prerender.ts) arrive with their HTML and are hydrated; the others
// (dist/shell.html) are rendered here. As a transition, the work is split into short slices
// that let the browser answer a tap in between, instead of one long task (for Total
// Blocking Time on a slow phone); the page is already painted, so nothing waits on it.
// React DOM is its own module, started with this one (scripts/prerender.ts): evaluating it is the
// largest single piece of work of a page's code, and apart from the app's modules it runs in a
// task of its own rather than in one long one (for Total Blocking Time on a slow phone).
// (Not a top-level await: pages import from this chunk, and it must not wait on anything.)
const container = document.getElementById('root')!
void import('react-dom/client').then(({ createRoot, hydrateRoot }) =>
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, app)
    else createRoot(container).render(app)
  }),
)
