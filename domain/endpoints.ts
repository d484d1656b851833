import { PAGES, SITE_ENDPOINTS, type Endpoint } from './route-map'

/**
 * Every endpoint of the site (domain/route-map.ts says what `served` means): the public pages'
 * calls, then the admin's, the feeds, the pages' functions and the rest. A module of its own: the
 * route map is in every page's first load, and this table is needed only by the functions, the
 * build and the admin (whose contracts name their endpoints from here).
 */
export const ENDPOINTS = {
  ...SITE_ENDPOINTS,
  sendgridEvents: { function: 'sendgrid-events', served: 'config', path: '/api/sendgrid/events' },
  adminLogout: { function: 'admin-logout', served: 'config', path: '/api/admin/logout' },
  adminStats: { function: 'admin-stats', served: 'config', path: '/api/admin/stats' },
  adminUsers: { function: 'admin-users', served: 'config', path: '/api/admin/users' },
  adminUser: { function: 'admin-user', served: 'config', path: '/api/admin/users/:id' },
  adminUserPassword: { function: 'admin-user-password', served: 'config', path: '/api/admin/users/:id/password' },
  adminUserOwner: { function: 'admin-user-owner', served: 'config', path: '/api/admin/users/:id/owner' },
  adminAccountPassword: { function: 'admin-account-password', served: 'config', path: '/api/admin/account/password' },
  adminAccountSignOut: { function: 'admin-account-sign-out', served: 'config', path: '/api/admin/account/sign-out-everywhere' },
  /** "Forgot your password?": public, answered the same whoever is named; the email carries a link to the reset page. */
  passwordResetRequest: { function: 'password-reset-request', served: 'config', path: '/api/admin/password-reset/request' },
  passwordResetCheck: { function: 'password-reset-check', served: 'config', path: '/api/admin/password-reset/check' },
  passwordReset: { function: 'password-reset', served: 'config', path: '/api/admin/password-reset' },
  adminContent: { function: 'admin-content', served: 'config', path: '/api/admin/content' },
  adminContentItem: { function: 'admin-content-item', served: 'config', path: '/api/admin/content/:id' },
  adminBlogPosts: { function: 'admin-blog-posts', served: 'config', path: '/api/admin/blog-posts' },
  adminBlogPost: { function: 'admin-blog-post', served: 'config', path: '/api/admin/blog-posts/:id' },
  adminPostVersions: { function: 'admin-post-versions', served: 'config', path: '/api/admin/blog-posts/:id/versions' },
  adminPostVersion: { function: 'admin-post-version', served: 'config', path: '/api/admin/blog-posts/:id/versions/:versionId' },
  adminActivity: { function: 'admin-activity', served: 'config', path: '/api/admin/activity' },
  adminPostPreview: { function: 'admin-post-preview', served: 'config', path: '/api/admin/post-preview' },
  adminResources: { function: 'admin-resources', served: 'config', path: '/api/admin/resources' },
  adminResource: { function: 'admin-resource', served: 'config', path: '/api/admin/resources/:id' },
  adminNewsletters: { function: 'admin-newsletters', served: 'config', path: '/api/admin/newsletters' },
  adminNewsletter: { function: 'admin-newsletter', served: 'config', path: '/api/admin/newsletters/:id' },
  adminNewsletterTest: { function: 'admin-newsletter-test', served: 'config', path: '/api/admin/newsletters/:id/test' },
  adminNewsletterSend: { function: 'admin-newsletter-send', served: 'config', path: '/api/admin/newsletters/:id/send' },
  adminNewsletterPreview: { function: 'admin-newsletter-preview', served: 'config', path: '/api/admin/newsletter-preview' },
  /** The send worker (a background function): no site address; only the site itself calls it, with its secret. */
  newsletterSendWorker: { function: 'newsletter-send-background', served: 'function-only' },
  adminSubscriberExports: { function: 'admin-subscriber-exports', served: 'config', path: '/api/admin/subscribers/exports' },
  adminSubscriberExport: { function: 'admin-subscriber-export', served: 'config', path: '/api/admin/subscribers/exports/:id' },
  adminSubscriberExportFile: {
    function: 'admin-subscriber-export-file',
    served: 'config',
    path: '/api/admin/subscribers/exports/:id/file',
  },
  /** Builds an export's file; started only by adminSubscriberExports with a signed job id (a background function: 202 at once). */
  subscribersExportWorker: { function: 'subscribers-export-background', served: 'function-only' },
  adminSubscribersImport: { function: 'admin-subscribers-import', served: 'config', path: '/api/admin/subscribers/import' },
  adminSubscriberErase: { function: 'admin-subscriber-erase', served: 'config', path: '/api/admin/subscribers/erase' },
  adminSubscriberClearStop: { function: 'admin-subscriber-clear-stop', served: 'config', path: '/api/admin/subscribers/clear-stop' },
  adminBookings: { function: 'admin-bookings', served: 'config', path: '/api/admin/bookings' },
  adminBooking: { function: 'admin-booking', served: 'config', path: '/api/admin/bookings/:id' },
  /** Online booking (docs/booking.md): her availability, the free times, the sessions and her calendar feed. */
  adminAvailability: { function: 'admin-availability', served: 'config', path: '/api/admin/availability' },
  adminCalendarFeed: { function: 'admin-calendar-feed', served: 'config', path: '/api/admin/calendar-feed' },
  adminSessions: { function: 'admin-sessions', served: 'config', path: '/api/admin/sessions' },
  adminSession: { function: 'admin-session', served: 'config', path: '/api/admin/sessions/:id' },
  /** Her private calendar feed: the token is a secret of its own (only its hash is stored), `.ics` after it. */
  calendarFeed: { function: 'calendar-feed', served: 'config', path: '/api/calendar/:token' },
  adminMedia: { function: 'admin-media', served: 'config', path: '/api/admin/media' },
  adminMediaFile: { function: 'admin-media-file', served: 'config', path: '/api/admin/media/:id' },
  adminMediaPart: { function: 'admin-media-part', served: 'config', path: '/api/admin/media/:id/parts/:n' },
  adminMediaComplete: { function: 'admin-media-complete', served: 'config', path: '/api/admin/media/:id/complete' },
  /** A library file, on every host (its own path, no rewrite): the id finds it, the name is for people. */
  mediaFile: { function: 'media-file', served: 'config', path: '/media/:id/:name' },
  /** Any other /api address: a JSON 404 rather than the site's HTML (a forced netlify.toml rewrite). */
  apiNotFound: { function: 'api-not-found', served: 'rewrite', path: '/api/*' },
  blogPage: { function: 'blog-page', served: 'config', path: PAGES.blogPost.path },
  /**
   * Every public page shows the coach's texts (her site name in the header and footer at least),
   * so each is rendered on request into its prerendered template (netlify/lib/pages/data-page.ts);
   * the build still writes them, as their template. The 404 page answers any address nothing else
   * does: the last rewrite of netlify.toml, not forced, so files, functions and every other rule
   * come first.
   */
  homePage: { function: 'home-page', served: 'config', path: PAGES.home.path },
  aboutPage: { function: 'about-page', served: 'config', path: PAGES.about.path },
  servicesPage: { function: 'services-page', served: 'config', path: PAGES.services.path },
  resourcesPage: { function: 'resources-page', served: 'config', path: PAGES.resources.path },
  blogListPage: { function: 'blog-list-page', served: 'config', path: PAGES.blog.path },
  bookNowPage: { function: 'book-now-page', served: 'config', path: PAGES.bookNow.path },
  notFoundPage: { function: 'not-found-page', served: 'rewrite', path: '/*' },
  rss: { function: 'rss', served: 'config', path: '/rss.xml' },
  sitemap: { function: 'sitemap', served: 'config', path: '/sitemap.xml' },
  robots: { function: 'robots', served: 'config', path: '/robots.txt' },
} as const satisfies Record<string, Endpoint>
