// Global styles first, so component styles (CSS modules) come later in the cascade and win ties.
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/base.css'
import './styles/ui.css'
import { StrictMode } from 'react'
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
// (dist/shell.html) are rendered here.
const container = document.getElementById('root')!
if (container.firstElementChild) hydrateRoot(container, app)
else createRoot(container).render(app)
