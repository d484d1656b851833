/**
 * Measures the size-adjust and ascent/descent overrides that make a local font take the same
 * space as Fraunces or Inter, so text drawn before the web font arrives does not move when it
 * does (no layout shift). Prints the numbers used in src/styles/fonts.css.
 *   npx tsx scripts/measure-font-fallbacks.ts
 * Local fonts missing on this machine are reported as such: their numbers were measured where
 * they exist, or are left out.
 */
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const FONTS = {
  Fraunces: {
    file: 'src/assets/fonts/fraunces-latin-400-700.woff2',
    weight: 600,
    locals: ['Georgia', 'Times New Roman', 'Liberation Serif', 'DejaVu Serif'],
  },
  Inter: {
    file: 'src/assets/fonts/inter-latin-400-700.woff2',
    weight: 400,
    locals: ['Arial', 'Helvetica', 'Liberation Sans', 'DejaVu Sans'],
  },
}
// English text with the letter frequencies of the site's copy.
const SAMPLE =
  'Faith-based financial coaching for individuals, couples and families. Tools for your financial journey: budget, save and give with confidence.'

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
const page = await browser.newPage()
const faces = Object.entries(FONTS)
  .map(
    ([family, font]) =>
      `@font-face { font-family: '${family}'; font-weight: 400 700; src: url(data:font/woff2;base64,${readFileSync(font.file).toString('base64')}) format('woff2'); }`,
  )
  .join('\n')
await page.setContent(`<style>${faces}</style><p style="font-family: Fraunces">x</p><p style="font-family: Inter">x</p>`)
await page.evaluate(() => document.fonts.ready)

for (const [family, font] of Object.entries(FONTS)) {
  const measure = (name: string) =>
    page.evaluate(
      async ({ name, weight, sample }) => {
        await document.fonts.load(`${weight} 100px "${name}"`)
        const available = document.fonts.check(`${weight} 100px "${name}"`)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = `${weight} 100px "${name}", monospace`
        const metrics = context.measureText(sample)
        return { available, width: metrics.width, ascent: metrics.fontBoundingBoxAscent, descent: metrics.fontBoundingBoxDescent }
      },
      { name, weight: font.weight, sample: SAMPLE },
    )
  const web = await measure(family)
  console.log(`${family}: ascent ${web.ascent.toFixed(1)}%, descent ${web.descent.toFixed(1)}% of the font size`)
  for (const local of font.locals) {
    // A local font shows in canvas only if it is installed; the monospace fallback gives it away.
    const mono = await measure('monospace')
    const fallback = await measure(local)
    if (Math.abs(fallback.width - mono.width) < 0.5) {
      console.log(`  ${local}: not installed here`)
      continue
    }
    const sizeAdjust = web.width / fallback.width
    console.log(
      `  ${local}: size-adjust ${(sizeAdjust * 100).toFixed(2)}%; ascent-override ${(web.ascent / sizeAdjust).toFixed(2)}%; descent-override ${(web.descent / sizeAdjust).toFixed(2)}%; line-gap-override 0%`,
    )
  }
}
await browser.close()
