/**
 * Draws the demo content's illustrations as SVG and writes them as WebP into
 * netlify/lib/demo/images/ (listed, with their alt texts, in that folder's index.ts):
 *   npx tsx scripts/make-demo-images.ts            all of them
 *   npx tsx scripts/make-demo-images.ts portrait   only the files whose name contains "portrait"
 * PNG previews go to .tmp/illustrations/ for looking at. The WebP files are committed; run again
 * after changing a drawing or the brand's palette (src/styles/tokens.css).
 */
import { mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { DEMO_POSTS, DEMO_RESOURCES } from '../netlify/lib/demo-content'
import { DEMO_IMAGES, demoImageFor, type DemoImage } from '../netlify/lib/demo/images/index'

const OUT_DIR = 'netlify/lib/demo/images'
const PREVIEW_DIR = '.tmp/illustrations'

// The brand's palette (src/styles/tokens.css), plus the few in-between tones a picture needs.
const C = {
  green900: '#123329',
  green800: '#1a4537',
  green700: '#215744',
  green600: '#2d6b55',
  green500: '#4a8a70',
  sage: '#8fb8a2',
  sageLight: '#c5dccf',
  green100: '#e3efe8',
  green50: '#f1f7f3',
  amber800: '#7a4e0a',
  amber600: '#a8721a',
  amber500: '#e0a23a',
  amber400: '#ebb553',
  amber200: '#f5d597',
  amber100: '#fbeed3',
  cream: '#fbf7f0',
  creamDeep: '#f4ecdf',
  sand: '#e9dcc6',
  wood: '#d9b98f',
  woodDark: '#b8926a',
  clay: '#d98d6c',
  clayLight: '#f0c4ad',
  white: '#ffffff',
  ink: '#1d2925',
}

type Stop = [offset: number, color: string, opacity?: number]

const stops = (list: Stop[]) =>
  list.map(([offset, color, opacity]) => `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`).join('')

/** A linear gradient from (x1, y1) to (x2, y2), in the shape's box (0 to 1). */
const linear = (id: string, list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`

/** A radial gradient centred at (cx, cy) with radius r, in the shape's box (0 to 1). */
const radial = (id: string, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`

const blur = (id: string, amount: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${amount}"/></filter>`

const svg = (width: number, height: number, defs: string[], body: string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`

/** A small repeatable pseudo-random sequence, so every run draws the same picture. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296
    return state / 4294967296
  }
}

const f = (n: number) => n.toFixed(1)

/** A pointed leaf of length l and half-width w, from its stalk at (0, 0) pointing along +x. */
const leafPath = (l: number, w: number) => `M0 0 C${f(l * 0.3)} ${f(-w)} ${f(l * 0.7)} ${f(-w)} ${f(l)} 0 C${f(l * 0.7)} ${f(w)} ${f(l * 0.3)} ${f(w)} 0 0 Z`

/**
 * A stem along the quadratic curve from `from` through `control` to `to`, with leaves on
 * alternate sides, shrinking toward the tip.
 */
function branch(
  from: [number, number],
  control: [number, number],
  to: [number, number],
  { count = 7, size = 60, colors = [C.green600, C.green500], stem = C.green700, spread = 50 } = {},
): string {
  const at = (t: number): [number, number] => [
    (1 - t) ** 2 * from[0] + 2 * (1 - t) * t * control[0] + t ** 2 * to[0],
    (1 - t) ** 2 * from[1] + 2 * (1 - t) * t * control[1] + t ** 2 * to[1],
  ]
  const parts = [
    `<path d="M${from[0]} ${from[1]} Q${control[0]} ${control[1]} ${to[0]} ${to[1]}" fill="none" stroke="${stem}" stroke-width="${f(size / 9)}" stroke-linecap="round"/>`,
  ]
  for (let i = 0; i < count; i++) {
    const t = 0.15 + (0.85 * i) / (count - 1)
    const [x, y] = at(t)
    const [x2, y2] = at(Math.min(1, t + 0.01))
    const tangent = (Math.atan2(y2 - y, x2 - x) * 180) / Math.PI
    const side = i % 2 ? 1 : -1
    const length = size * (1 - 0.45 * t)
    parts.push(
      `<path d="${leafPath(length, length * 0.36)}" fill="${colors[i % colors.length]}" transform="translate(${f(x)} ${f(y)}) rotate(${f(tangent + side * spread)})"/>`,
    )
  }
  parts.push(`<path d="${leafPath(size * 0.5, size * 0.18)}" fill="${colors[0]}" transform="translate(${to[0]} ${to[1]}) rotate(${f(
    (Math.atan2(to[1] - control[1], to[0] - control[0]) * 180) / Math.PI,
  )})"/>`)
  return parts.join('')
}

// ---------------------------------------------------------------------------------------------
// The coach's portrait
// ---------------------------------------------------------------------------------------------

function portrait({ width, height }: DemoImage): string {
  const skin = '#8a5a3e'
  const skinShade = '#6f4530'
  const skinLight = '#a06d4c'
  const lip = '#6a362b'
  const hair = '#231814'
  const hairLight = '#3b2b24'

  // Natural hair: a soft cloud of overlapping curls around the crown.
  const random = seeded(7)
  const curls: string[] = []
  for (let i = 0; i <= 30; i++) {
    const angle = Math.PI * (0.93 + (1.14 * i) / 30)
    const x = 600 + 222 * Math.cos(angle)
    const y = 575 + 205 * Math.sin(angle)
    curls.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(50 + random() * 14).toFixed(1)}"/>`)
  }
  return svg(
    width,
    height,
    [
      linear('bg', [
        [0, C.cream],
        [1, C.creamDeep],
      ]),
      linear('arch', [
        [0, C.green100],
        [1, C.sageLight],
      ]),
      linear('blazer', [
        [0, C.green600],
        [1, C.green800],
      ]),
      linear('lapel', [
        [0, C.green700],
        [1, C.green900],
      ]),
      linear('skin', [
        [0, skinLight],
        [0.7, skin],
      ]),
      linear('neck', [
        [0, '#5e3a28'],
        [0.45, skinShade],
        [1, skin],
      ]),
      blur('soft', 18),
      `<clipPath id="hair">${curls.join('')}<ellipse cx="600" cy="580" rx="238" ry="205"/></clipPath>`,
    ],
    [
      `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
      `<circle cx="935" cy="330" r="150" fill="${C.amber200}" opacity="0.55"/>`,
      `<path d="M170 1500 V640 A430 430 0 0 1 1030 640 V1500 Z" fill="url(#arch)"/>`,
      branch([1150, 1540], [1130, 1300], [1010, 1150], { count: 7, size: 80, colors: [C.green500, C.sage] }),
      // Hair behind the head.
      `<g fill="${hair}">${curls.join('')}<ellipse cx="600" cy="580" rx="238" ry="205"/></g>`,
      // Neck, darker under the jaw.
      `<path d="M534 750 L522 912 H678 L666 750 Z" fill="url(#neck)"/>`,
      // Shoulders: blazer, blouse, the skin of the neckline, then the shawl lapels.
      `<path d="M170 1500 C180 1150 290 970 485 900 L715 900 C910 970 1020 1150 1030 1500 Z" fill="url(#blazer)"/>`,
      `<path d="M482 900 C508 970 550 1040 600 1110 C650 1040 692 970 718 900 Z" fill="${C.amber100}"/>`,
      `<path d="M514 900 C534 950 564 988 600 1010 C636 988 666 950 686 900 Z" fill="${skin}"/>`,
      `<g fill="${C.green700}" stroke="${C.green900}" stroke-width="4" stroke-linejoin="round">`,
      `<path d="M482 900 C508 970 550 1040 600 1110 L600 1300 C530 1200 455 1080 430 960 C440 930 460 910 482 900 Z"/>`,
      `<path d="M718 900 C692 970 650 1040 600 1110 L600 1300 C670 1200 745 1080 770 960 C760 930 740 910 718 900 Z"/>`,
      `</g>`,
      branch([30, 1540], [70, 1260], [330, 1090], { count: 9, size: 100, colors: [C.green600, C.green500, C.sage] }),
      // A fine gold chain with a small pendant.
      `<path d="M530 905 C550 950 575 975 600 982 C625 975 650 950 670 905" fill="none" stroke="${C.amber500}" stroke-width="3"/>`,
      `<circle cx="600" cy="991" r="9" fill="${C.amber500}"/>`,
      // Ears and earrings.
      `<ellipse cx="462" cy="660" rx="24" ry="40" fill="${skinShade}"/>`,
      `<ellipse cx="738" cy="660" rx="24" ry="40" fill="${skinShade}"/>`,
      `<circle cx="460" cy="712" r="15" fill="none" stroke="${C.amber500}" stroke-width="6"/>`,
      `<circle cx="740" cy="712" r="15" fill="none" stroke="${C.amber500}" stroke-width="6"/>`,
      // Face.
      `<path d="M600 450 C688 450 744 515 744 630 C744 722 700 790 644 814 C622 823 578 823 556 814 C500 790 456 722 456 630 C456 515 512 450 600 450 Z" fill="url(#skin)"/>`,
      `<g fill="${C.clay}" opacity="0.22" filter="url(#soft)"><ellipse cx="518" cy="712" rx="36" ry="24"/><ellipse cx="682" cy="712" rx="36" ry="24"/></g>`,
      // Hairline: a soft curve over the forehead, down to the temples.
      `<path d="M448 660 C430 520 500 420 600 420 C700 420 770 520 752 660 C746 590 715 530 600 525 C485 530 454 590 448 660 Z" fill="${hair}"/>`,
      `<g clip-path="url(#hair)" opacity="0.75"><path d="M560 390 C680 385 760 440 785 540" fill="none" stroke="${hairLight}" stroke-width="50" stroke-linecap="round" filter="url(#soft)"/></g>`,
      // Brows, eyes, nose, smile.
      `<g fill="none" stroke="${hair}" stroke-width="10" stroke-linecap="round"><path d="M505 602 Q538 586 572 598"/><path d="M628 598 Q662 586 695 602"/></g>`,
      `<g fill="${hair}"><ellipse cx="538" cy="648" rx="13" ry="15"/><ellipse cx="662" cy="648" rx="13" ry="15"/></g>`,
      `<g fill="none" stroke="${hair}" stroke-width="5" stroke-linecap="round"><path d="M515 642 Q538 624 561 640"/><path d="M639 640 Q662 624 685 642"/></g>`,
      `<g fill="${C.white}" opacity="0.85"><circle cx="543" cy="642" r="4"/><circle cx="667" cy="642" r="4"/></g>`,
      `<g fill="none" stroke="${skinShade}" stroke-width="3.5" stroke-linecap="round" opacity="0.45"><path d="M522 674 Q538 680 554 674"/><path d="M646 674 Q662 680 678 674"/></g>`,
      `<path d="M588 668 C586 690 582 702 580 708" fill="none" stroke="${skinShade}" stroke-width="4" stroke-linecap="round" opacity="0.35"/>`,
      `<path d="M572 712 Q584 730 600 728 Q616 730 628 712" fill="none" stroke="${skinShade}" stroke-width="5" stroke-linecap="round"/>`,
      `<path d="M556 754 Q578 750 600 756 Q622 750 644 754 Q600 776 556 754 Z" fill="${lip}"/>`,
      `<path d="M556 754 Q600 776 644 754 Q634 788 600 790 Q566 788 556 754 Z" fill="#7d4538"/>`,
      `<path d="M550 750 Q600 784 650 750" fill="none" stroke="#4a261e" stroke-width="4" stroke-linecap="round"/>`,
      // Thin round glasses.
      `<g fill="none" stroke="${C.amber800}" stroke-width="5"><rect x="490" y="612" width="96" height="78" rx="36"/><rect x="614" y="612" width="96" height="78" rx="36"/><path d="M588 640 Q600 630 612 640"/><path d="M488 640 L462 632"/><path d="M712 640 L738 632"/></g>`,
    ],
  )
}

// ---------------------------------------------------------------------------------------------
// The list: one drawing per file in the manifest
// ---------------------------------------------------------------------------------------------

const DRAWINGS: Record<string, (image: DemoImage) => string> = {
  'grace-adeyemi-portrait.webp': portrait,
}

function checkCoverage(): void {
  const missing = [
    ...DEMO_POSTS.filter((post) => !demoImageFor('post', post.title)).map((post) => `post "${post.title}"`),
    ...DEMO_RESOURCES.filter((resource) => !demoImageFor('resource', resource.title)).map((resource) => `resource "${resource.title}"`),
    ...DEMO_IMAGES.filter((image) => !DRAWINGS[image.file]).map((image) => `a drawing for ${image.file}`),
  ]
  if (missing.length > 0) throw new Error(`Missing: ${missing.join(', ')}`)
}

const filter = process.argv[2]
mkdirSync(OUT_DIR, { recursive: true })
mkdirSync(PREVIEW_DIR, { recursive: true })
if (!filter) checkCoverage()

let total = 0
for (const image of DEMO_IMAGES) {
  const draw = DRAWINGS[image.file]
  if (!draw || (filter && !image.file.includes(filter))) continue
  const picture = sharp(Buffer.from(draw(image)))
  const meta = await picture.metadata()
  if (meta.width !== image.width || meta.height !== image.height) throw new Error(`${image.file} drew ${meta.width}x${meta.height}`)
  const out = join(OUT_DIR, image.file)
  await picture.clone().webp({ quality: 80, effort: 6 }).toFile(out)
  await picture.clone().png().toFile(join(PREVIEW_DIR, image.file.replace(/\.webp$/, '.png')))
  const size = statSync(out).size
  total += size
  console.log(`${out}  ${image.width}x${image.height}  ${(size / 1024).toFixed(1)} KB`)
}
console.log(`total ${(total / 1024).toFixed(1)} KB`)
