import { lazy, Suspense, type ComponentType } from 'react'
import { Route, Routes, type Params } from 'react-router-dom'
import { PUBLIC_PAGES, type PageId, type PublicPage } from '#domain/route-map.ts'
import type { InitialDataStore } from '#src/lib/initial-data.tsx'
import { PublicLayout } from '#src/app/layout/public-layout.tsx'
import { getPost } from '#src/features/blog/api/get-post.ts'
import { getPosts } from '#src/features/blog/api/get-posts.ts'
import { getResources } from '#src/features/resources/api/get-resources.ts'
import { Loading } from '#src/components/ui/loading.tsx'
import { Page } from './page'

/**
 * Declarative routes (not the data router: measured here, createBrowserRouter costs 17 KB gzip
 * more than <Routes> before any of our code, which the 100 KB first-load budget cannot carry).
 * Every page is its own chunk; the admin's chunks are never loaded by visitors.
 */
const loaders: (() => Promise<unknown>)[] = []

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take different props
type AnyComponent = ComponentType<any>

export function named<K extends string, M extends Record<K, AnyComponent>>(load: () => Promise<M>, name: K) {
  let loading: Promise<M> | undefined
  const once = () => (loading ??= load())
  loaders.push(once)
  return lazy<M[K]>(async () => ({ default: (await once())[name] }))
}

/** Loads every page's code; the build's prerender waits for it so lazy pages render in full. */
export async function preloadPages(): Promise<void> {
  await Promise.all(loaders.map((load) => load()))
}

/**
 * The public pages' modules, each a chunk of its own, loaded when its route is first drawn. Which
 * page uses which module, and at which address, is in domain/route-map.ts: a new page there needs
 * no line here.
 */
const PAGE_MODULES = import.meta.glob<Record<string, AnyComponent>>(['../pages/*.tsx', '!../pages/*.test.tsx'])

function pageComponent(page: PublicPage) {
  const load = PAGE_MODULES[`../pages/${page.module}.tsx`]
  if (!load) throw new Error(`route map: no module src/pages/${page.module}.tsx for ${page.path}`)
  return named(load, page.component)
}

/** The data requests a page starts as its route renders (see Page), by the page's id in the map. */
const PAGE_DATA: Partial<Record<PageId, (params: Params, initialData: InitialDataStore) => object>> = {
  resources: (_params, initialData) => ({ resources: getResources(initialData) }),
  blog: (_params, initialData) => ({ posts: getPosts(initialData) }),
  blogPost: (params, initialData) => ({ post: getPost(params.slug ?? '', initialData) }),
}

const PUBLIC_ROUTES = PUBLIC_PAGES.map((page) => ({ page, Component: pageComponent(page), load: PAGE_DATA[page.id] }))
export const NotFoundPage = PUBLIC_ROUTES.find((route) => route.page.catchAll)!.Component

/** The route for a page's address: react-router's paths are relative to the layout route. */
function routeProps(page: PublicPage) {
  if (page.catchAll) return { path: '*' }
  return page.path === '/' ? { index: true as const } : { path: page.path.slice(1) }
}

/** The admin's routes and screens: a chunk of their own, so no public page's first load names them. */
const AdminRoutes = named(() => import('./admin-routes'), 'AdminRoutes')

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {PUBLIC_ROUTES.map(({ page, Component, load }) => (
          <Route key={page.id} {...routeProps(page)} element={<Page component={Component} load={load} />} />
        ))}
      </Route>
      <Route
        path="admin/*"
        element={
          // No ready mark here: each admin screen's page sets it once its own code is drawn.
          <Suspense fallback={<Loading label="Loading…" reserve />}>
            <AdminRoutes />
          </Suspense>
        }
      />
    </Routes>
  )
}
