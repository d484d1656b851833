import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { onTestFinished } from 'vitest'
import { routes } from '../app/routes'
import { saveSession, type Session } from '../lib/session'
import { session as makeSession } from './factories'

type Options = {
  /** Signs in before rendering: `true` for the default admin, or a session of one's own. */
  session?: Session | true
}

/**
 * Renders the app's own route table at `path` in a memory router (bulletproof-react's
 * test-utils.tsx), so loaders, lazy pages and redirects run exactly as in the browser; msw
 * answers their calls.
 */
export function renderRoute(path: string, { session }: Options = {}) {
  if (session) saveSession(session === true ? makeSession() : session)
  const router = createMemoryRouter(freshRoutes(routes), { initialEntries: [path] })
  // A router keeps loaders and fetchers alive past unmount; a finished test stops them.
  onTestFinished(() => router.dispose())
  const user = userEvent.setup()
  const view = render(<RouterProvider router={router} />)
  /** Where the app is now (after redirects and navigations), as the address bar would show it. */
  const currentLocation = () => ({ pathname: router.state.location.pathname, search: router.state.location.search })
  return { ...view, user, currentLocation }
}

/**
 * React Router marks a `lazy: { Component }` entry as loaded by writing `undefined` into that very
 * object, which it shares with the table it was given. The app builds one router, so that is
 * harmless there; a second router over the same table would find nothing left to load and answer
 * 404. Each test's router therefore gets its own copies of the route and lazy objects.
 */
function freshRoutes(table: RouteObject[]): RouteObject[] {
  return table.map(
    (route) =>
      ({
        ...route,
        lazy: typeof route.lazy === 'object' ? { ...route.lazy } : route.lazy,
        children: route.children ? freshRoutes(route.children) : undefined,
      }) as RouteObject,
  )
}
