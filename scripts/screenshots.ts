/**
 * Screenshots of pages at desktop and phone widths, for looking at what we build:
 *   npx tsx scripts/screenshots.ts [baseUrl] [path ...]
 * Files land in .tmp/screens/<name>-<width>.png. LOGIN=admin (or editor) signs in with the demo
 * credentials first, for admin pages; FULL=0 takes the first screen only; EMAIL_UNSET=1 shows the
 * admin as a deployed site without email settings would.
 */
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'
import { SITEMAP_PATHS } from '#domain/route-map.ts'

const [base = 'http://localhost:8888', ...paths] = process.argv.slice(2)
// The sitemap's pages (domain/route-map.ts) and an address no page has.
const pages = paths.length ? paths : [...SITEMAP_PATHS, '/nope']
const widths = [1280, 375]

mkdirSync('.tmp/screens', { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 })
  const page = await context.newPage()
  if (process.env.EMAIL_UNSET) {
    // What the admin shows on a deployed site without email settings (local runs always have the outbox).
    await page.route('**/api/admin/stats', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { stats: Record<string, unknown> }
      body.stats.email = { transport: 'none', missing: ['SENDGRID_API_KEY', 'MAIL_FROM', 'BOOKING_TO_EMAIL'] }
      await route.fulfill({ response, json: body })
    })
  }
  const role = process.env.LOGIN as keyof typeof DEMO_CREDENTIALS | undefined
  if (role) {
    const response = await page.request.post(`${base}/api/admin/login`, { data: DEMO_CREDENTIALS[role] })
    const { token, user } = (await response.json()) as { token: string; user: unknown }
    await page.goto(`${base}/admin/login`)
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('adminToken', t as string)
        localStorage.setItem('adminUser', JSON.stringify(u))
      },
      [token, user],
    )
  }
  page.on('console', (msg) => msg.type() === 'error' && console.log(`[${width}] console error:`, msg.text()))
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' })
    await page.waitForTimeout(300)
    const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-')
    await page.screenshot({ path: `.tmp/screens/${name}-${width}.png`, fullPage: process.env.FULL !== '0' })
    console.log(`.tmp/screens/${name}-${width}.png`)
  }
  await context.close()
}
await browser.close()
