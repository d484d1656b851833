import { lazy, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { PublicLayout } from '../components/layout/public-layout'
import { getPost } from '../features/blog/api/get-post'
import { getPosts } from '../features/blog/api/get-posts'
import { getResources } from '../features/resources/api/get-resources'
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

const HomePage = named(() => import('../pages/home'), 'HomePage')
const AboutPage = named(() => import('../pages/about'), 'AboutPage')
const ServicesPage = named(() => import('../pages/services'), 'ServicesPage')
const ResourcesPage = named(() => import('../pages/resources'), 'ResourcesPage')
const BlogPage = named(() => import('../pages/blog'), 'BlogPage')
const BlogPostPage = named(() => import('../pages/blog-post'), 'BlogPostPage')
const BookNowPage = named(() => import('../pages/book-now'), 'BookNowPage')
const UnsubscribePage = named(() => import('../pages/unsubscribe'), 'UnsubscribePage')
const NotFoundPage = named(() => import('../pages/not-found'), 'NotFoundPage')

const LoginPage = named(() => import('../pages/admin/login'), 'LoginPage')
const AdminLayout = named(() => import('../features/admin/components/admin-layout'), 'AdminLayout')
const DashboardPage = named(() => import('../pages/admin/dashboard'), 'DashboardPage')
const ContentPage = named(() => import('../pages/admin/content'), 'ContentPage')
const BlogResourcesPage = named(() => import('../pages/admin/blog-resources'), 'BlogResourcesPage')
const SubscribersPage = named(() => import('../pages/admin/subscribers'), 'SubscribersPage')
const UsersPage = named(() => import('../pages/admin/users'), 'UsersPage')
const BookingsPage = named(() => import('../pages/admin/bookings'), 'BookingsPage')

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Page component={HomePage} />} />
        <Route path="about" element={<Page component={AboutPage} />} />
        <Route path="services" element={<Page component={ServicesPage} />} />
        <Route path="resources" element={<Page component={ResourcesPage} load={() => ({ resources: getResources() })} />} />
        <Route path="blog" element={<Page component={BlogPage} load={() => ({ posts: getPosts() })} />} />
        <Route path="blog/:slug" element={<Page component={BlogPostPage} load={(params) => ({ post: getPost(params.slug ?? '') })} />} />
        <Route path="book-now" element={<Page component={BookNowPage} />} />
        <Route path="unsubscribe" element={<Page component={UnsubscribePage} />} />
        <Route path="*" element={<Page component={NotFoundPage} />} />
      </Route>
      <Route path="admin/login" element={<Page component={LoginPage} />} />
      <Route path="admin" element={<Page component={AdminLayout} />}>
        <Route index element={<Page component={DashboardPage} />} />
        <Route path="content" element={<Page component={ContentPage} />} />
        <Route path="blog-resources" element={<Page component={BlogResourcesPage} />} />
        <Route path="subscribers" element={<Page component={SubscribersPage} />} />
        <Route path="users" element={<Page component={UsersPage} />} />
        <Route path="bookings" element={<Page component={BookingsPage} />} />
        <Route path="*" element={<Page component={NotFoundPage} />} />
      </Route>
    </Routes>
  )
}
