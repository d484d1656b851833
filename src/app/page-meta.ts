/**
 * Titles and descriptions of the prerendered pages, written into their HTML at build time so
 * crawlers and link previews see them without JavaScript (docs/decisions.md, Shareable posts).
 */
export type StaticPage = { path: string; file: string; title: string; description: string }

const SITE = 'Faithful Finances'

export const STATIC_PAGES: StaticPage[] = [
  {
    path: '/',
    file: 'index.html',
    title: `${SITE} | Faith-based financial coaching`,
    description:
      'Faith-based financial coaching for individuals, couples and families: budgeting, getting free of debt, generosity and wise investing. Empowering 100,000 families.',
  },
  {
    path: '/about',
    file: 'about/index.html',
    title: `About Grace | ${SITE}`,
    description: 'Meet Grace Adeyemi, a faith-based personal-finance coach who helps families find peace with money.',
  },
  {
    path: '/services',
    file: 'services/index.html',
    title: `Services | ${SITE}`,
    description:
      '1-1 Financial Coaching, Investment Coaching, Pre-Marital and Post-Marital Financial Coaching, and Speaking Engagements for churches and workplaces.',
  },
  {
    path: '/book-now',
    file: 'book-now/index.html',
    title: `Book Now | ${SITE}`,
    description: 'Invite Grace to speak, coach or consult. Send a booking request and we will be in touch.',
  },
  {
    path: '/resources',
    file: 'resources/index.html',
    title: `Free Resources | ${SITE}`,
    description: 'Free ebooks, guides, templates and videos to help your family budget, save and give with confidence.',
  },
  {
    path: '/blog',
    file: 'blog/index.html',
    title: `Blog | ${SITE}`,
    description: 'Practical, faith-rooted articles on budgeting, marriage and money, debt, saving and generosity.',
  },
  {
    path: '/404',
    file: '404.html',
    title: `Page not found | ${SITE}`,
    description: 'The page you are looking for may have moved.',
  },
]
