import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FONTS, FONTS_CSS, FONTS_DIR, LATIN_RANGE, WEIGHTS, fontsCss, subset } from '#scripts/subset-fonts.ts'

/**
 * The site ships subsets of its two web fonts (scripts/subset-fonts.ts). A subset that
 * drifts from its source, a stylesheet that asks for a weight the subset no longer has (the
 * browser would then fake bold), or fonts.css pointing elsewhere would all pass unnoticed in a
 * screenshot at a glance; these checks catch them.
 */

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return cssFiles(path)
    return entry.name.endsWith('.css') ? [path] : []
  })
}

describe('the web fonts', () => {
  it.each(FONTS)('ships $output exactly as npm run fonts makes it from $source', async (font) => {
    const shipped = readFileSync(FONTS_DIR + font.output)
    expect(Buffer.compare(shipped, await subset(font.source)), 'run `npm run fonts` and commit the result').toBe(0)
  })

  it('declares each subset with its weight range and characters, as npm run fonts writes fonts.css', () => {
    const css = readFileSync(FONTS_CSS, 'utf8')
    expect(css, 'run `npm run fonts` and commit the result').toBe(fontsCss())
    const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => body!)
    for (const font of FONTS) {
      const face = faces.find((body) => body.includes(`url('../assets/fonts/${font.output}')`))
      expect(face, `fonts.css declares ${font.output}`).toBeDefined()
      expect(face).toContain(`font-weight: ${WEIGHTS.min} ${WEIGHTS.max};`)
      const range = /unicode-range:([^;]*);/.exec(face!)?.[1]?.replace(/\s+/g, ' ').trim()
      expect(range).toBe(LATIN_RANGE)
    }
  })

  it('covers every font weight the stylesheets ask for', () => {
    const used = cssFiles('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/font-weight:\s*([^;}]+)/g)].map(([, value]) => ({ file, value: value!.trim() })),
    )
    expect(used.length).toBeGreaterThan(10)
    const outside = used
      .filter(({ file }) => !file.endsWith('fonts.css'))
      .filter(({ value }) => {
        const weight = value === 'bold' ? 700 : value === 'normal' ? 400 : Number(value)
        return !(weight >= WEIGHTS.min && weight <= WEIGHTS.max)
      })
    expect(outside).toEqual([])
  })
})

describe('the local fallbacks', () => {
  it('give every fallback family in the font stacks a sized face', () => {
    const stacks = /--font-serif:([^;]*);[\s\S]*--font-sans:([^;]*);/.exec(readFileSync('src/styles/tokens.css', 'utf8'))!
    const wanted = [stacks[1]!, stacks[2]!].flatMap((stack) => [...stack.matchAll(/'([^']+ fallback[^']*)'/g)].map(([, family]) => family!))
    const faces = readFileSync('src/styles/font-fallbacks.css', 'utf8')
    expect(wanted).toHaveLength(4)
    for (const family of wanted)
      expect(faces, family).toMatch(new RegExp(`font-family: '${family}'; src: local\\([^;]+; size-adjust: [\\d.]+%`))
  })
})
