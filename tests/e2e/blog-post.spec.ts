import { readFileSync } from 'node:fs'
import type { Page, Request } from '@playwright/test'
import { DEMO_POSTS } from '#lib/demo/content.ts'
import { expect, failedImageLog, failedResourceLog, holdRequests, test, US_LONG_DATE } from '#tests/e2e/support/fixtures.ts'
import { manyLines } from '#tests/support/xss-corpus.ts'

/** One post, its markdown body, and its failure pages (docs/product.md, Blog post; docs/decisions.md, Safe markdown). */

const RICH_MARKDOWN = [
  'Intro with **bold words**, *italic words* and `inline code`.',
  'A second line after a single line break.',
  '',
  '# Heading One',
  '',
  '## Heading Two',
  '',
  '### Heading Three',
  '',
  'Read the [coaching page](https://example.com/coaching) for more.',
  '',
  '- first bullet',
  '- second bullet',
  '',
  '1. first step',
  '2. second step',
  '',
  '✅ Do this',
  '✅ And this',
  '❌ Not this',
  '',
  'Last paragraph.',
].join('\n')

const body = (page: Page) => page.locator('article .prose')
const article = (page: Page) => page.getByRole('article')

/**
 * Opens a post from the blog list, inside the app. A post URL opened directly arrives rendered
 * by the server with its post, so only a visit within the app loads (or fails to load) it.
 */
async function openFromBlog(page: Page, title: string) {
  await page.goto('/blog')
  await page.getByRole('list', { name: 'Posts' }).getByRole('link', { name: title, exact: true }).click()
}

test.describe('a published post', () => {
  test('shows breadcrumb, tags, title, author, date, featured image, excerpt and the rendered body', async ({ page, admin }) => {
    const post = await admin.createPost({
      title: 'Markdown Showcase',
      excerpt: 'Every formatting feature in one post.',
      content: RICH_MARKDOWN,
      tags: ['Budgeting', 'Saving', 'Marriage'],
      featuredImage: '/images/emergency-fund.svg',
    })
    expect(post.slug).toBe('markdown-showcase')
    await page.goto('/blog/markdown-showcase')

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', 'Blog', 'Markdown Showcase'])
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog')
    await expect(breadcrumb.getByText('Markdown Showcase')).toHaveAttribute('aria-current', 'page')

    // The post page shows every tag, not only two as the cards do.
    await expect(article(page).getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText(['Budgeting', 'Saving', 'Marriage'])
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Markdown Showcase')
    await expect(page).toHaveTitle(/Markdown Showcase/)

    const header = article(page).locator('header')
    await expect(header.getByText('Grace Adeyemi', { exact: true })).toBeVisible()
    await expect(header.getByText('G', { exact: true })).toBeVisible()
    await expect(header.locator('time')).toHaveText(US_LONG_DATE)

    const featured = article(page).locator('img[src="/images/emergency-fund.svg"]')
    await expect(featured).toBeVisible()
    await expect(article(page).getByText('Every formatting feature in one post.', { exact: true })).toBeVisible()

    // Headings 1-3, bold, italic, inline code.
    await expect(body(page).locator('h1')).toHaveText('Heading One')
    await expect(body(page).locator('h2')).toHaveText('Heading Two')
    await expect(body(page).locator('h3')).toHaveText('Heading Three')
    await expect(body(page).locator('strong')).toHaveText('bold words')
    await expect(body(page).locator('em')).toHaveText('italic words')
    await expect(body(page).locator('code')).toHaveText('inline code')

    // A single newline is a line break inside the paragraph.
    const intro = body(page).locator('p').first()
    await expect(intro.locator('br')).toHaveCount(1)
    await expect(intro).toContainText('A second line after a single line break.')

    // Links open in a new tab, without access to the opener.
    const link = body(page).getByRole('link', { name: 'coaching page' })
    await expect(link).toHaveAttribute('href', 'https://example.com/coaching')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')

    // Bullet, numbered and emoji lists.
    await expect(body(page).locator('ul:not(.emoji-list) > li')).toHaveText(['first bullet', 'second bullet'])
    await expect(body(page).locator('ol > li')).toHaveText(['first step', 'second step'])
    const emoji = body(page).locator('ul.emoji-list > li')
    await expect(emoji).toHaveCount(3)
    await expect(emoji.nth(0)).toContainText('✅')
    await expect(emoji.nth(0)).toContainText('Do this')
    await expect(emoji.nth(1)).toContainText('And this')
    await expect(emoji.nth(2)).toContainText('❌')
    await expect(emoji.nth(2)).toContainText('Not this')
    await expect(body(page).locator('p').last()).toHaveText('Last paragraph.')
  })

  test('a demo post renders its markdown too', async ({ page }) => {
    const post = DEMO_POSTS.find((p) => p.title === 'Building Your First Family Budget')!
    await page.goto('/blog/building-your-first-family-budget')
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(post.title)
    await expect(article(page).getByText(post.excerpt, { exact: true })).toBeVisible()
    await expect(body(page).locator('h2').first()).toHaveText('Before you start')
    await expect(body(page).locator('h3')).toHaveText('What a healthy first budget looks like')
    await expect(body(page).locator('ul.emoji-list > li')).toHaveCount(5)
    await expect(body(page).locator('ol > li')).toHaveCount(5)
    await expect(body(page).getByRole('link', { name: 'family budget template' })).toHaveAttribute('target', '_blank')
    await expect(body(page).locator('code')).toHaveText('income - giving - saving - spending = 0')
    // Markdown syntax never shows as text.
    await expect(body(page)).not.toContainText('**')
    await expect(body(page)).not.toContainText('## ')
  })

  test('the breadcrumb and a tag lead back to the blog', async ({ page }) => {
    await page.goto('/blog/building-your-first-family-budget')
    await article(page).getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Saving' }).click()
    await expect(page).toHaveURL('/blog?tag=Saving')
    await expect(page.getByRole('group', { name: 'Filter by topic' }).getByRole('button', { name: 'Saving' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )

    await page.goto('/blog/building-your-first-family-budget')
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' }).click()
    await expect(page).toHaveURL('/blog')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encouragement for everyday money decisions')
  })

  test('a featured image that fails to load is hidden', async ({ page, admin, consoleErrors }) => {
    consoleErrors.allow(failedImageLog(404, '/images/no-such-image.png'))
    await admin.createPost({
      title: 'Broken Image Post',
      excerpt: 'Its image is missing.',
      content: 'Body text.',
      featuredImage: '/images/no-such-image.png',
    })
    await page.goto('/blog/broken-image-post')
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Broken Image Post')
    await expect(article(page).getByText('Body text.')).toBeVisible()
    await expect(article(page).locator('img[src="/images/no-such-image.png"]')).toHaveCount(0)
  })

  test('shows a loading state while the post is on its way', async ({ page }) => {
    const held = await holdRequests(page, (url) => url.pathname.endsWith('/blog-posts') && url.searchParams.has('slug'))
    await openFromBlog(page, 'Building Your First Family Budget')
    await expect(page.getByRole('status').filter({ hasText: 'Loading post…' })).toBeVisible()
    held.release()
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Building Your First Family Budget')
    await expect(page.getByText('Loading post…')).toHaveCount(0)
  })
})

test.describe('Post Not Found', () => {
  async function expectNotFound(page: Page, reason: string) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found')
    await expect(page.getByText(reason, { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Blog' }).click()
    await expect(page).toHaveURL('/blog')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encouragement for everyday money decisions')
  }

  test('a missing slug shows "Blog post not found" with a working Back to Blog link', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(404))
    await page.goto('/blog/no-such-post')
    await expectNotFound(page, 'Blog post not found')
  })

  test('a draft is not public: its slug shows "Blog post not found"', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(404))
    const draft = DEMO_POSTS.find((post) => post.status === 'draft')!
    await page.goto('/blog/getting-out-of-debt-one-step-at-a-time')
    await expectNotFound(page, 'Blog post not found')
    await expect(page.getByText(draft.title)).toHaveCount(0)
  })

  test('a failed load shows "Failed to load blog post"', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(500))
    await page.route(
      (url) => url.pathname.endsWith('/blog-posts') && url.searchParams.has('slug'),
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"Down"}' }),
    )
    await openFromBlog(page, 'Building Your First Family Budget')
    await expectNotFound(page, 'Failed to load blog post')
  })

  test('a network failure shows "Failed to load blog post"', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/net::ERR_FAILED|Failed to fetch/)
    await page.route(
      (url) => url.pathname.endsWith('/blog-posts') && url.searchParams.has('slug'),
      (route) => route.abort(),
    )
    await openFromBlog(page, 'Building Your First Family Budget')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found')
    await expect(page.getByText('Failed to load blog post', { exact: true })).toBeVisible()
  })
})

test.describe('hostile markdown', () => {
  // Many links to click, each opening a tab: slow on a busy machine.
  test.slow()

  const NAMED_PAYLOADS = [
    '<script>window.__xss=1</script>',
    '<img src=x onerror="window.__xss=1">',
    '[click](javascript:window.__xss=1)',
    '<svg onload=window.__xss=1>',
    '<a href="javascript:window.__xss=1">x</a>',
    '<iframe src="javascript:window.__xss=1"></iframe>',
    '<a href="jav&#x09;ascript:window.__xss=1">tabbed</a>',
    '[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
    '<a href="https://example.com/safe" onclick="window.__xss=1">safe looking</a>',
    '<details open ontoggle="window.__xss=1">x</details>',
    '<img src="https://invalid.example/x.png" onerror="window.__xss=1">',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
    '<form action="javascript:window.__xss=1"><button>go</button></form>',
    '<object data="javascript:window.__xss=1"></object>',
    '<p style="background:url(javascript:window.__xss=1)">styled</p>',
  ]

  const corpus = JSON.parse(readFileSync(new URL('../support/xss-payloads.json', import.meta.url), 'utf8')) as { payloads: string[] }

  /** Records CSP violations in every frame, and flags any script run by a payload. */
  async function armPage(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] }
      w.__csp = []
      document.addEventListener('securitypolicyviolation', (event) => {
        w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    const cspConsole: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspConsole.push(message.text())
    })
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss().catch(() => {})
    })
    return { cspConsole, dialogs }
  }

  /** A new tab's first request comes before its frame exists: Playwright then throws on frame(). */
  function isFrameOf(request: Request, page: Page): boolean {
    try {
      return request.frame().page() === page
    } catch {
      return false
    }
  }

  /**
   * Clicks every anchor of the body: each with an address must open a new tab, which is closed at
   * once. What the new tabs load does not matter here, so they get an empty page instead of the
   * whole site (the page under test itself is not affected).
   */
  async function clickEveryLink(page: Page) {
    await page.context().route('**/*', (route) => {
      const request = route.request()
      if (request.isNavigationRequest() && !isFrameOf(request, page)) {
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>new tab</title>' })
      }
      return route.fallback()
    })
    const anchors = body(page).locator('a')
    const count = await anchors.count()
    let opened = 0
    for (let i = 0; i < count; i++) {
      const anchor = anchors.nth(i)
      if (!(await anchor.isVisible())) continue
      const href = await anchor.getAttribute('href')
      if (href) {
        const popup = page.waitForEvent('popup')
        await anchor.click()
        await (await popup).close()
        opened++
      } else {
        await anchor.click()
      }
      await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/)
    }
    return opened
  }

  async function expectNothingRan(page: Page, armed: { cspConsole: string[]; dialogs: string[] }) {
    // Let every image in the body settle (loaded or failed), so onerror/onload payloads had their chance.
    await page.waitForLoadState('networkidle')
    await expect.poll(() => body(page).evaluate((el) => [...el.querySelectorAll('img')].every((img) => img.complete))).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
    expect(armed.dialogs, 'dialogs opened by a payload').toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), 'securitypolicyviolation events').toEqual([])
    expect(armed.cspConsole, 'CSP messages in the console').toEqual([])

    // And the DOM holds nothing active.
    const active = await body(page).evaluate((el) => {
      const found: string[] = []
      for (const node of el.querySelectorAll('*')) {
        if (
          ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'FORM', 'STYLE', 'BASE', 'META', 'LINK'].includes(
            node.tagName.toUpperCase(),
          )
        )
          found.push(`<${node.tagName.toLowerCase()}>`)
        for (const attr of node.attributes) {
          if (/^on/i.test(attr.name) || attr.name === 'style' || attr.name === 'srcdoc') found.push(`${node.tagName} ${attr.name}`)
          if (/^(?:href|src|action|formaction|data|xlink:href|poster|background)$/i.test(attr.name)) {
            // How the browser itself reads the address (a leading no-break space makes a relative path, not a scheme).
            const protocol = new URL(attr.value, document.baseURI).protocol
            if (!['http:', 'https:', 'mailto:'].includes(protocol)) found.push(`${node.tagName} ${attr.name}=${attr.value}`)
          }
        }
      }
      return found
    })
    expect(active, 'active content left in the rendered body').toEqual([])
  }

  test('the named payloads render inert, even when every link is clicked', async ({ page, admin, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource/) // the payload images point nowhere
    const armed = await armPage(page)
    await admin.createPost({
      title: 'Hostile Post',
      excerpt: 'XSS payloads in the body.',
      content: NAMED_PAYLOADS.join('\n\n'),
    })
    await page.goto('/blog/hostile-post')
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Hostile Post')
    await expect(body(page)).toContainText('safe looking')

    const opened = await clickEveryLink(page)
    expect(opened, 'the https link opens in a new tab').toBeGreaterThanOrEqual(1)
    await body(page).locator('*').first().hover()
    await expectNothingRan(page, armed)
  })

  test('the sanitizer corpus renders inert', async ({ page, admin, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource/)
    const armed = await armPage(page)
    await admin.createPost({
      title: 'Corpus Post',
      excerpt: 'The DOMPurify fixture payloads.',
      // A post body keeps line breaks and tabs but no other control character: the rest arrive as spaces.
      content: corpus.payloads.map(manyLines).join('\n\n'),
    })
    await page.goto('/blog/corpus-post')
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Corpus Post')
    await clickEveryLink(page)
    await expectNothingRan(page, armed)
  })
})
