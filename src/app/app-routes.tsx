import { lazy, type ComponentType } from 'react'
import { Route, Routes, type Params } from 'react-router-dom'
import { PUBLIC_PAGES, type PageId, type PublicPage } from '#domain/route-map.ts'
import type { InitialDataStore } from '#src/lib/initial-data.tsx'
import { PublicLayout } from '#src/app/layout/public-layout.tsx'
import { getPost } from '#src/features/blog/api/get-post.ts'
import { getPosts } from '#src/features/blog/api/get-posts.ts'
import { getResources } from '#src/features/resources/api/get-resources.ts'
import { Page } from './page'

/**
 * Declarative routes (not the data router: measured here, createBrowserRouter costs 17 KB gzip
 * more than <Routes> before any of our code, which the 100 KB first-load budget cannot carry).
 * Every page is its own chunk; the admin's chunks are never loaded by visitors.
 */
const loaders: (() => Promise<unknown>)[] = []

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take different props
type AnyComponent = ComponentType<any>

function named<K extends string, M extends Record<K, AnyComponent>>(load: () => Promise<M>, name: K) {
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
const NotFoundPage = PUBLIC_ROUTES.find((route) => route.page.catchAll)!.Component

/** The route for a page's address: react-router's paths are relative to the layout route. */
function routeProps(page: PublicPage) {
  if (page.catchAll) return { path: '*' }
  return page.path === '/' ? { index: true as const } : { path: page.path.slice(1) }
}

const LoginPage = named(() => import('#src/pages/admin/login.tsx'), 'LoginPage')
const ForgotPasswordPage = named(() => import('#src/pages/admin/forgot-password.tsx'), 'ForgotPasswordPage')
const ResetPasswordPage = named(() => import('#src/pages/admin/reset-password.tsx'), 'ResetPasswordPage')
const AdminLayout = named(() => import('#src/features/admin/shell/admin-layout.tsx'), 'AdminLayout')
const DashboardPage = named(() => import('#src/pages/admin/dashboard.tsx'), 'DashboardPage')
const ContentPage = named(() => import('#src/pages/admin/content.tsx'), 'ContentPage')
const BlogResourcesPage = named(() => import('#src/pages/admin/blog-resources.tsx'), 'BlogResourcesPage')
const SubscribersPage = named(() => import('#src/pages/admin/subscribers.tsx'), 'SubscribersPage')
const NewslettersPage = named(() => import('#src/pages/admin/newsletters.tsx'), 'NewslettersPage')
const NewNewsletterPage = named(() => import('#src/pages/admin/newsletter.tsx'), 'NewNewsletterPage')
const NewsletterPage = named(() => import('#src/pages/admin/newsletter.tsx'), 'NewsletterPage')
const UsersPage = named(() => import('#src/pages/admin/users.tsx'), 'UsersPage')
const BookingsPage = named(() => import('#src/pages/admin/bookings.tsx'), 'BookingsPage')
const AvailabilityPage = named(() => import('#src/pages/admin/availability.tsx'), 'AvailabilityPage')
const AccountPage = named(() => import('#src/pages/admin/account.tsx'), 'AccountPage')
const ActivityPage = named(() => import('#src/pages/admin/activity.tsx'), 'ActivityPage')
const MediaPage = named(() => import('#src/pages/admin/media.tsx'), 'MediaPage')

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {PUBLIC_ROUTES.map(({ page, Component, load }) => (
          <Route key={page.id} {...routeProps(page)} element={<Page component={Component} load={load} />} />
        ))}
      </Route>
      <Route path="admin/login" element={<Page component={LoginPage} />} />
      <Route path="admin/forgot-password" element={<Page component={ForgotPasswordPage} />} />
      <Route path="admin/reset-password" element={<Page component={ResetPasswordPage} />} />
      <Route path="admin" element={<Page component={AdminLayout} />}>
        <Route index element={<Page component={DashboardPage} />} />
        <Route path="content" element={<Page component={ContentPage} />} />
        <Route path="blog-resources" element={<Page component={BlogResourcesPage} />} />
        <Route path="media" element={<Page component={MediaPage} />} />
        <Route path="subscribers" element={<Page component={SubscribersPage} />} />
        <Route path="newsletters" element={<Page component={NewslettersPage} />} />
        <Route path="newsletters/new" element={<Page component={NewNewsletterPage} />} />
        <Route path="newsletters/:id" element={<Page component={NewsletterPage} />} />
        <Route path="users" element={<Page component={UsersPage} />} />
        <Route path="bookings" element={<Page component={BookingsPage} />} />
        <Route path="availability" element={<Page component={AvailabilityPage} />} />
        <Route path="account" element={<Page component={AccountPage} />} />
        <Route path="activity" element={<Page component={ActivityPage} />} />
        <Route path="*" element={<Page component={NotFoundPage} />} />
      </Route>
    </Routes>
  )
}
