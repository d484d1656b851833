import type { RouteObject } from 'react-router-dom'
import { PublicLayout } from '../components/layout/public-layout'
import { getPost } from '../features/blog/api/get-post'
import { getPosts } from '../features/blog/api/get-posts'
import { getSiteTexts } from '../features/content/get-site-texts'
import { getResources } from '../features/resources/api/get-resources'

/**
 * Every page's code is its own chunk; loaders live here, outside the chunks, so a page's data
 * request starts together with its code instead of after it. Loaders return promises the pages
 * await with <Await>, so navigation never waits on data.
 */
export const routes: RouteObject[] = [
  {
    id: 'public',
    Component: PublicLayout,
    loader: () => ({ texts: getSiteTexts() }),
    shouldRevalidate: () => false,
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: { Component: async () => (await import('../pages/home')).HomePage } },
      { path: 'about', lazy: { Component: async () => (await import('../pages/about')).AboutPage } },
      { path: 'services', lazy: { Component: async () => (await import('../pages/services')).ServicesPage } },
      {
        path: 'resources',
        loader: () => ({ resources: getResources() }),
        // The type filter lives in the URL; changing it filters what is loaded, it does not refetch.
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        lazy: { Component: async () => (await import('../pages/resources')).ResourcesPage },
      },
      {
        path: 'blog',
        loader: () => ({ posts: getPosts() }),
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        lazy: { Component: async () => (await import('../pages/blog')).BlogPage },
      },
      {
        path: 'blog/:slug',
        loader: ({ params }) => ({ post: getPost(params.slug ?? '') }),
        lazy: { Component: async () => (await import('../pages/blog-post')).BlogPostPage },
      },
      { path: 'book-now', lazy: { Component: async () => (await import('../pages/book-now')).BookNowPage } },
      { path: 'unsubscribe', lazy: { Component: async () => (await import('../pages/unsubscribe')).UnsubscribePage } },
      { path: '*', lazy: { Component: async () => (await import('../pages/not-found')).NotFoundPage } },
    ],
  },
  // The admin panel is its own set of chunks: visitors never download it.
  { path: '/admin/login', lazy: { Component: async () => (await import('../pages/admin/login')).LoginPage } },
  {
    path: '/admin',
    lazy: { Component: async () => (await import('../features/admin/components/admin-layout')).AdminLayout },
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: { Component: async () => (await import('../pages/admin/dashboard')).DashboardPage } },
      { path: 'content', lazy: { Component: async () => (await import('../pages/admin/content')).ContentPage } },
      { path: 'blog-resources', lazy: { Component: async () => (await import('../pages/admin/blog-resources')).BlogResourcesPage } },
      { path: 'subscribers', lazy: { Component: async () => (await import('../pages/admin/subscribers')).SubscribersPage } },
      { path: 'users', lazy: { Component: async () => (await import('../pages/admin/users')).UsersPage } },
      { path: 'bookings', lazy: { Component: async () => (await import('../pages/admin/bookings')).BookingsPage } },
      { path: '*', lazy: { Component: async () => (await import('../pages/not-found')).NotFoundPage } },
    ],
  },
]
