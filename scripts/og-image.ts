/**
 * Draws public/og-image.jpg (1200x630), the picture link previews show for the static pages:
 *   npx tsx scripts/og-image.ts
 * Run again after changing the brand; the image is committed.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from '@playwright/test'

// Inlined: a page set from a string may not load file:// fonts.
const font = (path: string) => `data:font/woff2;base64,${readFileSync(resolve('node_modules', path)).toString('base64')}`
const html = `<!doctype html><html><head><style>
@font-face { font-family: Fraunces; src: url('${font('@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2')}'); font-weight: 100 900; }
@font-face { font-family: Inter; src: url('${font('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')}'); font-weight: 100 900; }
body { margin: 0; width: 1200px; height: 630px; overflow: hidden; font-family: Inter;
  background: radial-gradient(ellipse at 85% 15%, rgb(224 162 58 / 0.3), transparent 55%), linear-gradient(160deg, #1a4537, #123329); color: #fff; }
.wrap { padding: 90px 96px; display: flex; flex-direction: column; height: 100%; box-sizing: border-box; }
.brand { display: flex; align-items: center; gap: 18px; font-family: Fraunces; font-size: 40px; font-weight: 650; }
h1 { font-family: Fraunces; font-weight: 600; font-size: 66px; line-height: 1.1; margin: 64px 0 0; max-width: 940px; letter-spacing: -0.01em; }
p { font-size: 30px; color: #dcebe3; margin: 28px 0 0; }
.eyebrow { color: #ebb553; font-weight: 700; letter-spacing: 0.14em; text-transform: uppercase; font-size: 22px; margin-top: auto; }
svg.art { position: absolute; right: 70px; top: 150px; width: 300px; }
</style></head><body><div class="wrap">
<div class="brand"><svg width="56" height="56" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#2d6b55"/><path d="M16 25v-9" stroke="#fbf7f0" stroke-width="2.2" stroke-linecap="round"/><path d="M16 17c0-4.5 3-7.5 7.5-7.5 0 4.5-3 7.5-7.5 7.5Z" fill="#e0a23a"/><path d="M16 19.5c0-3.6-2.4-6-6-6 0 3.6 2.4 6 6 6Z" fill="#fbf7f0"/></svg>Faithful Finances</div>
<h1>Steward your money with clarity, peace and purpose</h1>
<p>Empowering 100,000 families</p>
<div class="eyebrow">Faith-based financial coaching</div>
</div></body></html>`

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html, { waitUntil: 'load' })
await page.evaluate(() => document.fonts.ready)
await page.screenshot({ path: 'public/og-image.jpg', type: 'jpeg', quality: 88 })
if (process.env.PREVIEW) await page.screenshot({ path: process.env.PREVIEW })
await browser.close()
console.log('public/og-image.jpg')
