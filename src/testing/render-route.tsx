import { act, render, type RenderResult } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { AppRoutes } from '#src/app/app-routes.tsx'
import { getSiteTexts } from '#src/features/content/get-site-texts.ts'
import { SiteTextsProvider } from '#src/features/content/site-texts.tsx'
import { InitialDataProvider, readPageData } from '#src/lib/initial-data.tsx'
import { saveSession, type Session } from '#src/lib/session.ts'
import { session as makeSession } from './factories'

type Options = {
  /** Signs in before rendering: `true` for the default admin, or a session of one's own. */
  session?: Session | true
}

/**
 * Renders the app's own routes at `path` in a memory router, wrapped as src/main.tsx wraps them
 * (bulletproof-react's test-utils.tsx), so data requests, lazy pages and redirects run exactly as
 * in the browser; msw answers their calls. Async: a page whose code is already loaded suspends
 * on its data at once, and React resumes it only inside an awaited act().
 */
export async function renderRoute(path: string, { session }: Options = {}) {
  if (session) saveSession(session === true ? makeSession() : session)
  const location = { pathname: '/', search: '', hash: '' }
  function TrackLocation() {
    const current = useLocation()
    location.pathname = current.pathname
    location.search = current.search
    location.hash = current.hash
    return null
  }
  const user = userEvent.setup()
  let view!: RenderResult
  await act(async () => {
    view = render(
      // A data block put into the document before this call is read as main.tsx reads it.
      <InitialDataProvider initial={readPageData()}>
        <MemoryRouter initialEntries={[path]}>
          <TrackLocation />
          <SiteTextsProvider pending={getSiteTexts()}>
            <AppRoutes />
          </SiteTextsProvider>
        </MemoryRouter>
      </InitialDataProvider>,
    )
  })
  /** Where the app is now (after redirects and navigations), as the address bar would show it. */
  const currentLocation = () => ({ ...location })
  return { ...view, user, currentLocation }
}
