// Global styles first, so component styles (CSS modules) come later in the cascade and win ties.
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import './styles/ui.css'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { AppRoutes } from './app/app-routes'
import { getSiteTexts } from './features/content/get-site-texts'
import { SiteTextsProvider } from './features/content/site-texts'

const app = (
  <StrictMode>
    <BrowserRouter>
      <SiteTextsProvider pending={getSiteTexts()}>
        <AppRoutes />
      </SiteTextsProvider>
    </BrowserRouter>
  </StrictMode>
)

// Prerendered pages (scripts/prerender.ts) arrive with their HTML and are hydrated; the others
// (dist/shell.html) are rendered here. As a transition, the work is split into short slices
// that let the browser answer a tap in between, instead of one long task (issue 5: Total
// Blocking Time on a slow phone); the page is already painted, so nothing waits on it.
const container = document.getElementById('root')!
startTransition(() => {
  if (container.firstElementChild) hydrateRoot(container, app)
  else createRoot(container).render(app)
})
