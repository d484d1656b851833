/**
 * Makes the two web fonts the site ships (src/assets/fonts/) from the fontsource packages:
 * the same Latin characters, the weight axis cut to the weights the CSS uses (400-700), and only
 * the OpenType features a browser applies by default. 87 KB of font became 57 KB, which the
 * first paint of every page waits on less (Lighthouse counts fonts that land before the
 * first paint). tests/budget/fonts.test.ts fails when the files, fonts.css or the CSS weights
 * drift apart.
 *   npm run fonts        writes the files and src/styles/fonts.css; commit them
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'

/** The weight range each shipped font covers; every font-weight in the site's CSS lies inside. */
export const WEIGHTS = { min: 400, max: 700 } as const

// fontsource's "latin" subset, as its own CSS gives it; fonts.css repeats it as unicode-range.
export const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD'

// What Chrome, Firefox and Safari turn on by themselves for Latin text. Inter's stylistic sets,
// alternates and figure styles are unused here and were a fifth of its file.
const DEFAULT_FEATURES = ['ccmp', 'locl', 'rlig', 'liga', 'clig', 'calt', 'kern', 'mark', 'mkmk', 'rvrn']

export const FONTS = [
  {
    family: 'Fraunces',
    source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    output: 'fraunces-latin-400-700.woff2',
  },
  { family: 'Inter', source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', output: 'inter-latin-400-700.woff2' },
] as const

export const FONTS_DIR = fileURLToPath(new URL('../src/assets/fonts/', import.meta.url))
export const FONTS_CSS = fileURLToPath(new URL('../src/styles/fonts.css', import.meta.url))
const NODE_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url))

/** Every character a unicode-range list names (characters the font lacks are skipped by the subsetter). */
export function charactersOf(range: string): string {
  return range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .flatMap((part) => {
      const [first, last = first] = part.split('-').map((hex) => parseInt(hex!, 16))
      return Array.from({ length: last! - first! + 1 }, (_, i) => String.fromCodePoint(first! + i))
    })
    .join('')
}

export async function subset(source: string): Promise<Buffer> {
  return subsetFont(readFileSync(NODE_MODULES + source), charactersOf(LATIN_RANGE), {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS },
    keepFeatures: DEFAULT_FEATURES,
    noHinting: true,
  })
}

/** src/styles/fonts.css: a face for each file, with the weights and characters it has. */
export function fontsCss(): string {
  const faces = FONTS.map(
    (font) =>
      `@font-face { font-family: '${font.family}'; font-style: normal; font-display: swap; font-weight: ${WEIGHTS.min} ${WEIGHTS.max}; ` +
      `src: url('../assets/fonts/${font.output}') format('woff2-variations'); unicode-range: ${LATIN_RANGE}; }`,
  )
  const header =
    '/* Written by scripts/subset-fonts.ts (npm run fonts), with the files it cuts: self-hosted, Latin only, variable weight 400-700,\n' +
    '   one file a family (docs/brand.md). The local fallbacks sized like them are in font-fallbacks.css. */'
  return `${header}\n${faces.join('\n')}\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(FONTS_CSS, fontsCss())
  for (const font of FONTS) {
    const data = await subset(font.source)
    writeFileSync(FONTS_DIR + font.output, data)
    console.log(
      `${font.output}: ${(readFileSync(NODE_MODULES + font.source).length / 1024).toFixed(1)} KB -> ${(data.length / 1024).toFixed(1)} KB`,
    )
  }
}
