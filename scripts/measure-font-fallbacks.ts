/**
 * Writes src/styles/font-fallbacks.css: local fonts sized to take the space of Fraunces and Inter,
 * for the moment before those arrive, so lines break in the same places and nothing moves when the
 * web fonts swap in (no layout shift).
 *   npm run fonts:fallbacks
 *
 * For each fallback face it measures, in Chromium, the web font against one local font that has
 * the face's metrics, and writes size-adjust and the ascent/descent overrides. Times New Roman and
 * Arial share the metrics of Liberation Serif and Liberation Sans, which Linux has (Debian's
 * fonts-liberation); DejaVu is what bare Linux systems have. A local font missing here stops the
 * script rather than writing a face without numbers.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const WEB_FONTS = {
  Fraunces: { file: 'src/assets/fonts/fraunces-latin-400-700.woff2', weight: 600 },
  Inter: { file: 'src/assets/fonts/inter-latin-400-700.woff2', weight: 400 },
}

/** Each face: the web font it stands in for, the local font measured, and every local name it matches. */
const FACES = [
  ['Fraunces fallback', 'Fraunces', 'Liberation Serif', ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif']],
  ['Fraunces fallback DejaVu', 'Fraunces', 'DejaVu Serif', ['DejaVu Serif', 'DejaVuSerif']],
  ['Inter fallback', 'Inter', 'Liberation Sans', ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Helvetica']],
  ['Inter fallback DejaVu', 'Inter', 'DejaVu Sans', ['DejaVu Sans', 'DejaVuSans']],
] as const

const OUTPUT = 'src/styles/font-fallbacks.css'
// English text with the letter frequencies of the site's copy.
const SAMPLE =
  'Faith-based financial coaching for individuals, couples and families. Tools for your financial journey: budget, save and give with confidence.'

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
const page = await browser.newPage()
const webFaces = Object.entries(WEB_FONTS).map(
  ([family, font]) =>
    `@font-face { font-family: '${family}'; font-weight: 400 700; src: url(data:font/woff2;base64,${readFileSync(font.file).toString('base64')}) format('woff2'); }`,
)
await page.setContent(`<style>${webFaces.join('\n')}</style><p style="font-family: Fraunces">x</p><p style="font-family: Inter">x</p>`)
await page.evaluate(() => document.fonts.ready)

const measure = (name: string, weight: number) =>
  page.evaluate(
    async ({ name, weight, sample }) => {
      await document.fonts.load(`${weight} 100px "${name}"`)
      const context = document.createElement('canvas').getContext('2d')!
      context.font = `${weight} 100px "${name}", monospace`
      const metrics = context.measureText(sample)
      return { width: metrics.width, ascent: metrics.fontBoundingBoxAscent, descent: metrics.fontBoundingBoxDescent }
    },
    { name, weight, sample: SAMPLE },
  )

const percent = (value: number) => `${Number((value * 100).toFixed(2))}%`
const rules: string[] = []
for (const [family, webFamily, measured, locals] of FACES) {
  const { weight } = WEB_FONTS[webFamily]
  const web = await measure(webFamily, weight)
  const local = await measure(measured, weight)
  // A local font shows in canvas only if it is installed; the monospace fallback gives it away.
  if (Math.abs(local.width - (await measure('monospace', weight)).width) < 0.5) {
    throw new Error(`${measured} is not installed here: install it (Debian: fonts-liberation, fonts-dejavu-core) and run again`)
  }
  const sizeAdjust = web.width / local.width
  const src = locals.map((name) => `local('${name}')`).join(', ')
  rules.push(
    `@font-face { font-family: '${family}'; src: ${src}; size-adjust: ${percent(sizeAdjust)}; ascent-override: ${percent(web.ascent / 100 / sizeAdjust)}; descent-override: ${percent(web.descent / 100 / sizeAdjust)}; line-gap-override: 0%; }`,
  )
}
await browser.close()

const header = `/* Written by scripts/measure-font-fallbacks.ts (npm run fonts:fallbacks): measured, not edited by hand. */`
writeFileSync(OUTPUT, `${header}\n${rules.join('\n')}\n`)
console.log(`${OUTPUT}:\n${rules.join('\n')}`)
