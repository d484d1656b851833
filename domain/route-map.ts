/**
 * The site's addresses, in one place: every public page and every endpoint. The routes
 * (src/app/app-routes.tsx), the navigation, the prerender step (scripts/prerender.ts), the sitemap
 * function, the API client and the scripts all read them from here, so adding a public page is
 * one entry below plus its module in src/pages/ (docs/adding-a-page.md).
 *
 * Plain data and string helpers only: the site, the functions and the build scripts all import
 * this module, so it must not import React, the DOM or Node.
 */

const SITE = 'Faithful Finances'

/**
 * How a page reaches the browser:
 * - `prerender`: rendered to HTML at build time (its title and description go into its head); the
 *   pages with a page function in ENDPOINTS below (all of these today) are served by it alone,
 *   rendered on request with the coach's texts into what the build wrote, as a template;
 * - `function`: rendered on request by a function (the post page, netlify/functions/blog-page.ts);
 * - `browser`: served the unrendered dist/shell.html through a netlify.toml rewrite, drawn in the browser.
 */
export type PageRendering = 'prerender' | 'function' | 'browser'

type PageBase = {
  /** The address, with `:name` for a parameter (react-router's and Netlify's syntax alike). */
  path: string
  /** The module in src/pages/ that draws the page (without `.tsx`), and the component it exports. */
  module: string
  component: string
  /** Listed in /sitemap.xml. */
  sitemap: boolean
  /** Its label in the header and footer navigation, which follow the order of this list. */
  nav?: string
  /** Drawn for any address no other route matches (the 404 page); `path` is then its canonical address. */
  catchAll?: true
}

export type PrerenderedPage = PageBase & { rendering: 'prerender' }
export type PublicPage = PrerenderedPage | (PageBase & { rendering: 'function' | 'browser' })

/**
 * Every public page, in navigation order (the sitemap and the Lighthouse run list them in it too).
 * A prerendered page also has its head (title and description) in PAGE_HEADS below.
 */
export const PAGES = {
  home: {
    path: '/',
    module: 'home',
    component: 'HomePage',
    rendering: 'prerender',
    sitemap: true,
    nav: 'Home',
  },
  about: {
    path: '/about',
    module: 'about',
    component: 'AboutPage',
    rendering: 'prerender',
    sitemap: true,
    nav: 'About',
  },
  services: {
    path: '/services',
    module: 'services',
    component: 'ServicesPage',
    rendering: 'prerender',
    sitemap: true,
    nav: 'Services',
  },
  resources: {
    path: '/resources',
    module: 'resources',
    component: 'ResourcesPage',
    rendering: 'prerender',
    sitemap: true,
    nav: 'Resources',
  },
  blog: {
    path: '/blog',
    module: 'blog',
    component: 'BlogPage',
    rendering: 'prerender',
    sitemap: true,
    nav: 'Blog',
  },
  // Each published post is in the sitemap by its own address (netlify/functions/sitemap.ts).
  blogPost: { path: '/blog/:slug', module: 'blog-post', component: 'BlogPostPage', rendering: 'function', sitemap: false },
  bookNow: {
    path: '/book-now',
    module: 'book-now',
    component: 'BookNowPage',
    rendering: 'prerender',
    sitemap: true,
    nav: 'Book Now',
  },
  /**
   * The pages the links in a booked session's emails open, `?token=` the link's own signed token:
   * move the session to another free time, or cancel it. Kept out of search engines, and their
   * address (the token) is never sent on as a referrer (src/pages/booking/session-link-page.tsx).
   */
  sessionReschedule: {
    path: '/book-now/reschedule',
    module: 'booking-session',
    component: 'ReschedulePage',
    rendering: 'browser',
    sitemap: false,
  },
  sessionCancel: { path: '/book-now/cancel', module: 'booking-session', component: 'CancelPage', rendering: 'browser', sitemap: false },
  unsubscribe: { path: '/unsubscribe', module: 'unsubscribe', component: 'UnsubscribePage', rendering: 'browser', sitemap: false },
  confirm: { path: '/confirm', module: 'confirm', component: 'ConfirmPage', rendering: 'browser', sitemap: false },
  notFound: {
    path: '/404',
    catchAll: true,
    module: 'not-found',
    component: 'NotFoundPage',
    rendering: 'prerender',
    sitemap: false,
  },
} as const satisfies Record<string, PublicPage>

export type PageId = keyof typeof PAGES

/** The pages written at build time (their heads below). */
export type PrerenderedPageId = { [K in PageId]: (typeof PAGES)[K]['rendering'] extends 'prerender' ? K : never }[PageId]

/**
 * The head of each prerendered page: its title and description, written into the built HTML
 * (docs/decisions.md, Shareable posts), then replaced by the coach's own words where the page is
 * rendered on request. Kept beside the map rather than in it: only the build and the functions
 * read them, and out of PAGES, which the site's code reads, they stay out of the JavaScript every
 * page loads first (the 100 KB budget, tests/budget/).
 */
export const PAGE_HEADS: Record<PrerenderedPageId, { title: string; description: string }> = {
  home: {
    title: `${SITE} | Faith-based financial coaching`,
    description:
      'Faith-based financial coaching for individuals, couples and families: budgeting, getting free of debt, generosity and wise investing. Empowering 100,000 families.',
  },
  about: {
    title: `About Grace | ${SITE}`,
    description: 'Meet Grace Adeyemi, a faith-based personal-finance coach who helps families find peace with money.',
  },
  services: {
    title: `Services | ${SITE}`,
    description:
      '1-1 Financial Coaching, Investment Coaching, Pre-Marital and Post-Marital Financial Coaching, and Speaking Engagements for churches and workplaces.',
  },
  resources: {
    title: `Free Resources | ${SITE}`,
    description: 'Free ebooks, guides, templates and videos to help your family budget, save and give with confidence.',
  },
  blog: {
    title: `Blog | ${SITE}`,
    description: 'Practical, faith-rooted articles on budgeting, marriage and money, debt, saving and generosity.',
  },
  bookNow: {
    title: `Book Now | ${SITE}`,
    description: 'Invite Grace to speak, coach or consult. Send a booking request and we will be in touch.',
  },
  notFound: {
    title: `Page not found | ${SITE}`,
    description: 'The page you are looking for may have moved.',
  },
}

/** The pages as a list, in the order above, each with its id. */
export const PUBLIC_PAGES: readonly (PublicPage & { id: PageId })[] = Object.entries(PAGES).map(([id, page]) => ({
  ...(page as PublicPage),
  id: id as PageId,
}))

export function isPrerendered<P extends PublicPage>(page: P): page is P & PrerenderedPage {
  return page.rendering === 'prerender'
}

/** The file a prerendered page is written to in dist/ (404.html is what the host serves for a missing address). */
export function prerenderedFile(page: PublicPage): string {
  if (page.catchAll) return `${page.path.slice(1)}.html`
  return page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`
}

/** The source file of a page's module, as the build's manifest names it. */
export function pageModuleFile(page: PublicPage): string {
  return `src/pages/${page.module}.tsx`
}

/** The public paths a search engine should know (each published post is added by the sitemap). */
export const SITEMAP_PATHS: readonly string[] = PUBLIC_PAGES.filter((page) => page.sitemap).map((page) => page.path)

/** The header and footer links, in order. */
export const NAV_LINKS: readonly { to: string; label: string }[] = PUBLIC_PAGES.flatMap((page) =>
  page.nav ? [{ to: page.path, label: page.nav }] : [],
)

/** A post's address: the only place it is built. */
export function postPath(slug: string): string {
  return PAGES.blogPost.path.replace(':slug', () => slug)
}

/**
 * Book Now with a service chosen (the Services page's links). The title is written as
 * encodeURIComponent writes it, the one spelling the page's function keeps a copy of (netlify/lib/http/cdn.ts keyedQuery).
 */
export function bookNowPath(service: string): string {
  return `${PAGES.bookNow.path}?service=${encodeURIComponent(service)}`
}

/**
 * The blog's address for one topic. The tag is written as encodeURIComponent writes it, the one
 * spelling the blog function answers (netlify/lib/http/cdn.ts keyedQuery); any other redirects to it.
 */
export function blogTagPath(tag: string): string {
  return `${PAGES.blog.path}?tag=${encodeURIComponent(tag)}`
}

/** The slug in a post's address (the same shape as a stored slug), or undefined for any other path. */
export function postSlugOf(path: string): string | undefined {
  return /^\/blog\/([a-z0-9-]{1,100})$/.exec(path)?.[1]
}

/** Files answered at a second address (netlify.toml): browsers ask for /favicon.ico whatever the head names. */
export const FILE_ALIASES: Readonly<Record<string, string>> = { '/favicon.ico': '/favicon.svg' }

/** The admin panel: every address under it gets the unrendered page (netlify.toml). */
export const ADMIN_PATH = '/admin'

/** The admin's pages that are open without a session: sign-in, asking for a reset link, and the page the link opens. */
export const ADMIN_PUBLIC_PAGES = {
  login: `${ADMIN_PATH}/login`,
  forgotPassword: `${ADMIN_PATH}/forgot-password`,
  resetPassword: `${ADMIN_PATH}/reset-password`,
} as const

/** A function's own address, which answers on every host (docs/product.md, The host-domain rule). */
export function functionPath(name: string): string {
  return `/.netlify/functions/${name}`
}

/**
 * An endpoint: its site address (`path`, with `:name` parameters), and the function behind it.
 * `served`:
 * - `config`: the function declares `path` in its own config (Netlify reads that statically, so
 *   the function keeps the literal; tests/functions/route-map.test.ts checks it against this map);
 * - `rewrite`: a netlify.toml rewrite sends `path` to the function's own address, so both answer
 *   (the host-domain rule picks the second on the hosting provider's domain);
 * - `function-only`: no site address, only the function's own.
 */
export type Endpoint =
  { function: string; served: 'config' | 'rewrite'; path: string } | { function: string; served: 'function-only'; path?: undefined }

/**
 * The calls the public pages' own code makes: the API client's table, in every page's first load,
 * so it holds these alone (the admin's calls reach their addresses through their contracts,
 * which carry ENDPOINTS into the admin's chunks only).
 */
export const SITE_ENDPOINTS = {
  content: { function: 'content', served: 'config', path: '/api/content' },
  resources: { function: 'resources', served: 'config', path: '/api/resources' },
  resourceDownload: { function: 'resource-download', served: 'config', path: '/api/resources/:id/download' },
  blogPosts: { function: 'blog-posts', served: 'rewrite', path: '/api/blog-posts' },
  subscribers: { function: 'subscribers', served: 'rewrite', path: '/api/subscribers' },
  subscriberConfirm: { function: 'subscriber-confirm', served: 'config', path: '/api/subscribers/confirm' },
  unsubscribe: { function: 'unsubscribe', served: 'config', path: '/api/unsubscribe' },
  booking: { function: 'send-booking-email', served: 'function-only' },
  adminLogin: { function: 'admin-login', served: 'rewrite', path: '/api/admin/login' },
  bookingServices: { function: 'booking-services', served: 'config', path: '/api/booking/services' },
  bookingSlots: { function: 'booking-slots', served: 'config', path: '/api/booking/slots' },
  bookingSessions: { function: 'booking-sessions', served: 'config', path: '/api/booking/sessions' },
  /** An emailed link's session: the token is signed for one purpose (reschedule or cancel) and expires when it starts. */
  bookingSession: { function: 'booking-session', served: 'config', path: '/api/booking/sessions/:token' },
} as const satisfies Record<string, Endpoint>


/** Functions the platform runs on a schedule: they have no address (a deployed one cannot be called). */
export const SCHEDULED_FUNCTIONS = ['booking-reminders', 'maintenance', 'newsletter-scheduler', 'publish-scheduled'] as const

/** An endpoint's address with its `:name` parameters filled in (each encoded as a path segment). */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name] ?? ''
    // `.` and `..` stay as they are when encoded (and so does %2e): the address would then name
    // the record's parent, and a DELETE there delete it. No id is one.
    if (value === '.' || value === '..') throw new Error(`${name} cannot be "${value}"`)
    return encodeURIComponent(value)
  })
}
