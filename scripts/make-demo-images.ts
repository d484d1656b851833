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
import { DEMO_POSTS, DEMO_RESOURCES } from '#lib/demo/content.ts'
import { DEMO_IMAGES, demoImageFor, type DemoImage } from '#lib/demo/images/index.ts'

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
  list
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('')

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
const leafPath = (l: number, w: number) =>
  `M0 0 C${f(l * 0.3)} ${f(-w)} ${f(l * 0.7)} ${f(-w)} ${f(l)} 0 C${f(l * 0.7)} ${f(w)} ${f(l * 0.3)} ${f(w)} 0 0 Z`

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
  parts.push(
    `<path d="${leafPath(size * 0.5, size * 0.18)}" fill="${colors[0]}" transform="translate(${to[0]} ${to[1]}) rotate(${f(
      (Math.atan2(to[1] - control[1], to[0] - control[0]) * 180) / Math.PI,
    )})"/>`,
  )
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
// Shared pieces for the posts and resources
// ---------------------------------------------------------------------------------------------

/** A soft shadow under an object: the same shape, darker, blurred and a little lower. */
const shadowed = (shape: string, dy = 14, opacity = 0.18) =>
  `<g transform="translate(0 ${dy})" opacity="${opacity}" filter="url(#shadow)" fill="${C.green900}">${shape}</g>`

// ---------------------------------------------------------------------------------------------
// Featured images for the posts (16:9)
// ---------------------------------------------------------------------------------------------

/** A kitchen table from above: an open notebook with a plan, a pencil, coffee, coins, a plant. */
function familyBudget({ width, height }: DemoImage): string {
  const planks = [150, 330, 520, 700].map((y) => `<path d="M0 ${y} H${width}" stroke="${C.woodDark}" stroke-width="3" opacity="0.35"/>`)
  const grain = [
    [200, 240],
    [900, 80],
    [1300, 420],
    [420, 610],
    [1150, 800],
  ].map(([x, y]) => `<path d="M${x} ${y} q120 -18 240 0" fill="none" stroke="${C.woodDark}" stroke-width="3" opacity="0.25"/>`)
  const notebook = `<rect x="-420" y="-270" width="840" height="540" rx="26"/>`
  const lines = (x: number, y: number, widths: number[]) =>
    widths.map((w, i) => `<rect x="${x}" y="${y + i * 46}" width="${w}" height="12" rx="6" fill="${C.sand}"/>`).join('')
  const checks = [0, 1, 2, 3].map(
    (i) =>
      `<circle cx="40" cy="${-150 + i * 72}" r="17" fill="${i < 2 ? C.green600 : 'none'}" stroke="${C.green600}" stroke-width="4"/>` +
      (i < 2
        ? `<path d="M32 ${-150 + i * 72} l6 7 l11 -13" fill="none" stroke="${C.white}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`
        : '') +
      `<rect x="72" y="${-156 + i * 72}" width="${[230, 190, 250, 170][i]}" height="12" rx="6" fill="${C.sand}"/>`,
  )
  const plant = Array.from({ length: 9 }, (_, i) => {
    const angle = i * 40 + 10
    return `<path d="${leafPath(150 - (i % 3) * 22, 42)}" fill="${[C.green600, C.green500, C.sage][i % 3]}" transform="rotate(${angle})"/>`
  })
  return svg(
    width,
    height,
    [
      linear(
        'table',
        [
          [0, '#e6cba4'],
          [1, C.wood],
        ],
        0,
        0,
        1,
        1,
      ),
      radial('coffee', [
        [0, '#7a5540'],
        [1, '#4e3426'],
      ]),
      linear('coin', [
        [0, C.amber400],
        [1, C.amber600],
      ]),
      radial('light', [
        [0, C.white, 0.35],
        [1, C.white, 0],
      ]),
      blur('shadow', 14),
    ],
    [
      `<rect width="${width}" height="${height}" fill="url(#table)"/>`,
      ...planks,
      ...grain,
      `<circle cx="300" cy="120" r="520" fill="url(#light)"/>`,
      // Notebook, slightly turned, with a little pie chart on the left page and a checklist on the right.
      `<g transform="translate(700 470) rotate(-5)">`,
      shadowed(notebook, 16, 0.25),
      `<rect x="-420" y="-270" width="840" height="540" rx="26" fill="${C.green700}"/>`,
      `<rect x="-400" y="-256" width="395" height="512" rx="14" fill="${C.cream}"/>`,
      `<rect x="5" y="-256" width="395" height="512" rx="14" fill="${C.white}"/>`,
      `<rect x="-8" y="-256" width="16" height="512" fill="${C.creamDeep}"/>`,
      `<g transform="translate(-300 -120)"><circle r="70" fill="${C.green100}"/><path d="M0 0 V-70 A70 70 0 0 1 66.6 21.6 Z" fill="${C.amber500}"/><path d="M0 0 L66.6 21.6 A70 70 0 0 1 -41 56.6 Z" fill="${C.green600}"/></g>`,
      lines(-200, -170, [150, 110, 130]),
      lines(-360, 10, [300, 260, 320, 220, 280]),
      ...checks,
      lines(40, 180, [280, 200]),
      `</g>`,
      // Pencil across the right page.
      `<g transform="translate(980 660) rotate(-32)">`,
      shadowed(`<rect x="-230" y="-14" width="460" height="28" rx="8"/>`, 12, 0.22),
      `<rect x="-200" y="-14" width="400" height="28" fill="${C.amber500}"/><rect x="-200" y="-14" width="400" height="9" fill="${C.amber400}"/>`,
      `<rect x="-236" y="-14" width="40" height="28" rx="10" fill="${C.clay}"/><rect x="-204" y="-14" width="14" height="28" fill="${C.sageLight}"/>`,
      `<path d="M200 -14 L262 0 L200 14 Z" fill="#f0d6b0"/><path d="M244 -4 L262 0 L244 4 Z" fill="${C.ink}"/>`,
      `</g>`,
      // Coffee in a white cup on a saucer.
      shadowed(`<circle cx="1330" cy="300" r="150"/>`, 18, 0.22),
      `<circle cx="1330" cy="300" r="150" fill="${C.cream}"/>`,
      `<circle cx="1330" cy="300" r="112" fill="${C.white}"/><rect x="1430" y="280" width="80" height="40" rx="20" fill="${C.white}"/>`,
      `<circle cx="1330" cy="300" r="88" fill="url(#coffee)"/>`,
      `<path d="M1290 270 q40 -28 80 0" fill="none" stroke="${C.amber100}" stroke-width="8" stroke-linecap="round" opacity="0.5"/>`,
      // A few coins.
      ...[
        [220, 760],
        [300, 790],
        [250, 690],
      ].map(
        ([x, y]) =>
          shadowed(`<circle cx="${x}" cy="${y}" r="44"/>`, 8, 0.2) +
          `<circle cx="${x}" cy="${y}" r="44" fill="url(#coin)"/><circle cx="${x}" cy="${y}" r="32" fill="none" stroke="${C.amber200}" stroke-width="4" opacity="0.7"/>`,
      ),
      // A small plant in a pot, from above.
      shadowed(`<circle cx="1420" cy="760" r="110"/>`, 16, 0.22),
      `<circle cx="1420" cy="760" r="110" fill="${C.clay}"/><circle cx="1420" cy="760" r="90" fill="#8a5e44"/>`,
      `<g transform="translate(1420 760)">${plant.join('')}</g>`,
    ],
  )
}

/** Two wedding rings resting on a shared plan, between two cups of coffee. */
function beforeIDo({ width, height }: DemoImage): string {
  const sheet = `<rect x="-360" y="-250" width="720" height="500" rx="18"/>`
  const bars = [90, 150, 120, 200, 170].map(
    (h, i) => `<rect x="${60 + i * 52}" y="${-30 - h}" width="34" height="${h}" rx="8" fill="${i === 3 ? C.amber500 : C.sage}"/>`,
  )
  const rows = [0, 1, 2, 3, 4].map(
    (i) => `<rect x="-300" y="${-180 + i * 56}" width="${[260, 200, 240, 180, 220][i]}" height="14" rx="7" fill="${C.sand}"/>`,
  )
  return svg(
    width,
    height,
    [
      linear(
        'cloth',
        [
          [0, C.green50],
          [1, C.green100],
        ],
        0,
        0,
        1,
        1,
      ),
      radial('glow', [
        [0, C.amber100, 0.9],
        [1, C.amber100, 0],
      ]),
      linear(
        'gold',
        [
          [0, C.amber400],
          [1, C.amber600],
        ],
        0,
        0,
        1,
        1,
      ),
      blur('shadow', 16),
    ],
    [
      `<rect width="${width}" height="${height}" fill="url(#cloth)"/>`,
      `<circle cx="800" cy="380" r="560" fill="url(#glow)"/>`,
      `<g fill="none" stroke="${C.sageLight}" stroke-width="2" opacity="0.7">${Array.from({ length: 16 }, (_, i) => `<path d="M${i * 110} 0 V${height}"/>`).join('')}</g>`,
      // The plan: a list on the left, a small bar chart and a line toward a goal on the right.
      `<g transform="translate(800 340) rotate(3)">`,
      shadowed(sheet, 18, 0.2),
      `<rect x="-360" y="-250" width="720" height="500" rx="18" fill="${C.white}"/>`,
      `<rect x="-300" y="-214" width="150" height="18" rx="9" fill="${C.green600}"/>`,
      ...rows,
      ...bars,
      `<path d="M60 -30 H330" stroke="${C.sand}" stroke-width="4"/>`,
      `<path d="M-300 120 C-180 60 -40 170 80 100 S260 40 310 60" fill="none" stroke="${C.green600}" stroke-width="8" stroke-linecap="round"/>`,
      `<circle cx="310" cy="60" r="16" fill="${C.amber500}"/>`,
      `<path d="M-300 190 H300" stroke="${C.sand}" stroke-width="4" stroke-dasharray="14 12"/>`,
      `</g>`,
      // Two mugs, one each.
      shadowed(`<circle cx="250" cy="200" r="100"/><circle cx="1360" cy="170" r="100"/>`, 14, 0.2),
      `<circle cx="250" cy="200" r="100" fill="${C.clay}"/><circle cx="250" cy="200" r="78" fill="#6b4733"/><rect x="330" y="186" width="60" height="30" rx="15" fill="${C.clay}"/>`,
      `<circle cx="1360" cy="170" r="100" fill="${C.green600}"/><circle cx="1360" cy="170" r="78" fill="#6b4733"/><rect x="1210" y="156" width="60" height="30" rx="15" fill="${C.green600}"/>`,
      // Two rings, one leaning on the other.
      `<g fill="none" stroke="${C.green900}" opacity="0.14" filter="url(#shadow)"><circle cx="748" cy="664" r="88" stroke-width="22"/><ellipse cx="880" cy="690" rx="82" ry="68" stroke-width="20" transform="rotate(-18 880 690)"/></g>`,
      `<g fill="none" stroke-linecap="round">`,
      `<circle cx="740" cy="650" r="88" stroke="url(#gold)" stroke-width="22"/>`,
      `<ellipse cx="872" cy="676" rx="82" ry="68" stroke="url(#gold)" stroke-width="20" transform="rotate(-18 872 676)"/>`,
      `<path d="M690 585 A88 88 0 0 1 790 578" stroke="${C.amber200}" stroke-width="6" opacity="0.8"/>`,
      `<path d="M830 622 A82 68 0 0 1 900 612" stroke="${C.amber200}" stroke-width="5" opacity="0.8"/>`,
      `</g>`,
      `<g fill="${C.amber200}"><path d="M1000 560 l8 -24 l8 24 l24 8 l-24 8 l-8 24 l-8 -24 l-24 -8 Z"/></g>`,
    ],
  )
}

/** A large umbrella over a small house, gentle rain around it and the sun breaking through. */
function emergencyFund({ width, height }: DemoImage): string {
  const random = seeded(11)
  const rain: string[] = []
  for (let i = 0; i < 70; i++) {
    const x = random() * width
    const y = random() * 700
    // Under the umbrella it stays dry.
    if (x > 420 && x < 1180 && y > 60) continue
    rain.push(`<path d="M${f(x)} ${f(y)} l-10 34" />`)
  }
  // The canopy: six panels between curved ribs from the tip down to a scalloped rim.
  const rim = (k: number) => 440 + 120 * k
  const rib = (k: number) => `${f(rim(k))} 146`
  const panels = [0, 1, 2, 3, 4, 5].map(
    (i) =>
      `<path d="M800 100 Q${rib(i)} ${rim(i)} 330 Q${rim(i) + 60} 372 ${rim(i + 1)} 330 Q${rib(i + 1)} 800 100 Z" fill="${i % 2 ? C.amber400 : C.amber500}"/>`,
  )
  return svg(
    width,
    height,
    [
      linear('sky', [
        [0, '#e4ece6'],
        [0.6, C.cream],
        [1, C.amber100],
      ]),
      radial('sun', [
        [0, C.amber200, 1],
        [0.5, C.amber200, 0.5],
        [1, C.amber200, 0],
      ]),
      linear('hill', [
        [0, C.green500],
        [1, C.green700],
      ]),
    ],
    [
      `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
      `<circle cx="1320" cy="250" r="330" fill="url(#sun)"/><circle cx="1320" cy="250" r="95" fill="${C.amber200}"/>`,
      `<g fill="${C.white}" opacity="0.85"><ellipse cx="280" cy="150" rx="190" ry="60"/><ellipse cx="380" cy="120" rx="120" ry="70"/><ellipse cx="1120" cy="120" rx="150" ry="45"/></g>`,
      `<g stroke="${C.green500}" stroke-width="6" stroke-linecap="round" opacity="0.35">${rain.join('')}</g>`,
      `<path d="M0 720 C300 640 520 690 800 700 S1300 640 1600 690 V900 H0 Z" fill="${C.sage}"/>`,
      `<path d="M0 790 C360 740 620 770 900 760 S1400 740 1600 780 V900 H0 Z" fill="url(#hill)"/>`,
      // The umbrella's shaft stands behind the house.
      `<path d="M800 110 V600" stroke="${C.green800}" stroke-width="12"/>`,
      // The house.
      `<rect x="650" y="520" width="300" height="230" fill="${C.cream}"/>`,
      `<path d="M620 540 L800 410 L980 540 Z" fill="${C.green700}"/>`,
      `<rect x="875" y="430" width="40" height="70" fill="${C.green800}"/>`,
      `<rect x="770" y="620" width="70" height="130" rx="8" fill="${C.green600}"/><circle cx="826" cy="690" r="6" fill="${C.amber500}"/>`,
      `<rect x="680" y="580" width="64" height="64" rx="6" fill="${C.amber400}"/><path d="M712 580 V644 M680 612 H744" stroke="${C.cream}" stroke-width="6"/>`,
      `<rect x="862" y="580" width="64" height="64" rx="6" fill="${C.amber400}"/><path d="M894 580 V644 M862 612 H926" stroke="${C.cream}" stroke-width="6"/>`,
      `<path d="M600 752 H1000" stroke="${C.green800}" stroke-width="6" stroke-linecap="round"/>`,
      ...panels,
      `<path d="M800 100 V72" stroke="${C.green800}" stroke-width="10" stroke-linecap="round"/>`,
      `<path d="M520 270 Q580 170 720 128" fill="none" stroke="${C.white}" stroke-width="10" stroke-linecap="round" opacity="0.35"/>`,
    ],
  )
}

/** An open hand holding a little soil, with a seedling growing from it, in warm light. */
function generosity({ width, height }: DemoImage): string {
  const random = seeded(5)
  const motes = Array.from(
    { length: 18 },
    () =>
      `<circle cx="${f(400 + random() * 800)}" cy="${f(80 + random() * 420)}" r="${f(4 + random() * 8)}" fill="${C.amber400}" opacity="${f(0.25 + random() * 0.4)}"/>`,
  )
  const skin = '#9a6647'
  const skinShade = '#7e4f36'
  return svg(
    width,
    height,
    [
      linear(
        'bg',
        [
          [0, C.cream],
          [1, C.amber100],
        ],
        0,
        0,
        1,
        1,
      ),
      radial('glow', [
        [0, C.amber200, 0.95],
        [0.6, C.amber200, 0.35],
        [1, C.amber200, 0],
      ]),
      linear('palm', [
        [0, skin],
        [1, skinShade],
      ]),
      linear('soil', [
        [0, '#7a5540'],
        [1, '#5a3d2c'],
      ]),
    ],
    [
      `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
      `<circle cx="800" cy="400" r="480" fill="url(#glow)"/>`,
      `<path d="M0 900 C250 820 450 860 600 900 Z" fill="${C.sageLight}" opacity="0.6"/>`,
      `<path d="M1600 900 C1400 790 1250 830 1120 900 Z" fill="${C.sageLight}" opacity="0.6"/>`,
      ...motes,
      // The seedling rises from a little mound of soil in the palm.
      `<path d="M800 520 C796 450 792 400 800 330" fill="none" stroke="${C.green600}" stroke-width="12" stroke-linecap="round"/>`,
      `<g transform="translate(800 350)"><path d="${leafPath(190, 62)}" fill="${C.green600}" transform="rotate(-155)"/><path d="${leafPath(170, 56)}" fill="${C.green500}" transform="rotate(-30)"/></g>`,
      `<g transform="translate(796 440)"><path d="${leafPath(110, 36)}" fill="${C.sage}" transform="rotate(-10)"/></g>`,
      `<path d="M590 590 C620 520 700 500 800 500 C900 500 980 520 1010 590 Z" fill="url(#soil)"/>`,
      // Two cupped hands from the front: forearms meeting at the wrists, fingertips along the top, thumbs outside.
      `<path d="M700 740 L540 900 H760 L800 780 Z" fill="${skinShade}"/><path d="M900 740 L1060 900 H840 L800 780 Z" fill="${skinShade}"/>`,
      `<path d="M610 830 L520 900 H740 L770 860 Z" fill="${C.green700}"/><path d="M990 830 L1080 900 H860 L830 860 Z" fill="${C.green600}"/>`,
      `<path d="M800 780 C700 780 605 720 572 565 Q600 548 628 570 Q652 552 678 574 Q702 556 728 578 Q752 562 780 582 L800 584 L820 582 Q848 562 872 578 Q898 556 922 574 Q948 552 972 570 Q1000 548 1028 565 C995 720 900 780 800 780 Z" fill="url(#palm)"/>`,
      `<path d="M582 600 C556 540 548 490 564 462 C584 446 606 466 614 506 C620 536 626 566 632 590 Z" fill="${skin}"/>`,
      `<path d="M1018 600 C1044 540 1052 490 1036 462 C1016 446 994 466 986 506 C980 536 974 566 968 590 Z" fill="${skin}"/>`,
      `<g fill="none" stroke="${skinShade}" stroke-width="5" stroke-linecap="round" opacity="0.7">`,
      `<path d="M800 600 V775"/><path d="M678 580 C682 600 688 615 696 628"/><path d="M728 584 C730 604 734 618 740 630"/>`,
      `<path d="M922 580 C918 600 912 615 904 628"/><path d="M872 584 C870 604 866 618 860 630"/>`,
      `</g>`,
    ],
  )
}

/** A path of stepping stones winding up a green hill toward a small flag and a rising sun. */
function outOfDebt({ width, height }: DemoImage): string {
  // Stones along a curve from the front to the top, smaller as they go.
  const stones: string[] = []
  const count = 11
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1)
    const x = 520 + 540 * t + 260 * Math.sin(t * Math.PI * 2) * (1 - t * 0.6)
    const y = 860 - 560 * t
    const rx = 80 * (1 - 0.75 * t)
    stones.push(
      `<ellipse cx="${f(x)}" cy="${f(y + rx * 0.12)}" rx="${f(rx)}" ry="${f(rx * 0.38)}" fill="${C.green800}" opacity="0.35"/>` +
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(rx * 0.36)}" fill="${i % 3 === 0 ? C.creamDeep : C.cream}"/>`,
    )
  }
  const tree = (x: number, y: number, r: number, fill: string) =>
    `<rect x="${x - r * 0.1}" y="${y}" width="${r * 0.2}" height="${r * 1.5}" rx="${r * 0.1}" fill="${C.green800}"/><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`
  return svg(
    width,
    height,
    [
      linear('sky', [
        [0, C.amber100],
        [1, C.cream],
      ]),
      radial('sun', [
        [0, C.amber400, 1],
        [0.35, C.amber200, 0.8],
        [1, C.amber200, 0],
      ]),
      linear('hill', [
        [0, C.green500],
        [1, C.green700],
      ]),
      linear('far', [
        [0, C.sageLight],
        [1, C.sage],
      ]),
    ],
    [
      `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
      `<circle cx="1080" cy="300" r="380" fill="url(#sun)"/>`,
      `<path d="M0 470 C250 400 420 430 620 460 S1100 380 1600 440 V900 H0 Z" fill="url(#far)"/>`,
      `<path d="M-50 900 C200 700 600 330 1060 300 C1300 290 1500 420 1650 560 V900 Z" fill="url(#hill)"/>`,
      tree(1330, 400, 56, C.green600),
      tree(1420, 450, 42, C.green500),
      tree(330, 610, 50, C.green600),
      tree(250, 680, 36, C.sage),
      ...stones,
      // The flag at the top.
      `<path d="M1060 300 V160" stroke="${C.green900}" stroke-width="8" stroke-linecap="round"/>`,
      `<path d="M1064 164 L1150 188 L1064 214 Z" fill="${C.amber500}"/>`,
      `<g fill="none" stroke="${C.green800}" stroke-width="5" stroke-linecap="round" opacity="0.55"><path d="M420 200 q16 -14 30 0 q14 -14 30 0"/><path d="M520 150 q12 -10 24 0 q12 -10 24 0"/></g>`,
    ],
  )
}

// ---------------------------------------------------------------------------------------------
// Covers for the resources (4:3)
// ---------------------------------------------------------------------------------------------

/** A calm backdrop shared by the covers: a cream wall, a soft disc of colour and a table edge. */
function coverBackdrop(width: number, height: number, disc: string, table: string): string[] {
  return [
    `<rect width="${width}" height="${height}" fill="url(#wall)"/>`,
    `<circle cx="${width * 0.5}" cy="${height * 0.44}" r="${height * 0.36}" fill="${disc}"/>`,
    `<rect y="${height * 0.8}" width="${width}" height="${height * 0.2}" fill="${table}"/>`,
    `<rect y="${height * 0.8}" width="${width}" height="8" fill="${C.white}" opacity="0.35"/>`,
  ]
}

const coverDefs = (): string[] => [
  linear('wall', [
    [0, C.cream],
    [1, C.creamDeep],
  ]),
  blur('shadow', 12),
]

/** A potted plant standing on the table, its pot's base at (x, y). */
const pottedPlant = (x: number, y: number, scale = 1) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">` +
  branch([0, -90], [-20, -200], [-70, -300], { count: 6, size: 70, colors: [C.green600, C.green500] }) +
  branch([0, -90], [30, -190], [60, -260], { count: 5, size: 60, colors: [C.green500, C.sage] }) +
  `<path d="M-60 -100 H60 L48 0 H-48 Z" fill="${C.clay}"/><rect x="-66" y="-112" width="132" height="22" rx="6" fill="#c97b5a"/></g>`

/** A green book standing slightly turned, a golden sprout on its cover, a cup of tea beside it. */
function ebookCover({ width, height }: DemoImage): string {
  return svg(
    width,
    height,
    [
      ...coverDefs(),
      linear(
        'cover',
        [
          [0, C.green600],
          [1, C.green800],
        ],
        0,
        0,
        1,
        1,
      ),
    ],
    [
      ...coverBackdrop(width, height, C.green100, C.wood),
      pottedPlant(930, 722, 1.1),
      // The book: spine, pages, cover.
      shadowed(`<rect x="430" y="170" width="360" height="560" rx="14"/>`, 14, 0.25),
      `<path d="M420 180 L430 170 V730 L420 740 Z" fill="${C.green900}"/>`,
      `<rect x="440" y="182" width="352" height="548" rx="10" fill="${C.cream}"/>`,
      `<rect x="430" y="170" width="350" height="560" rx="14" fill="url(#cover)"/>`,
      `<rect x="430" y="170" width="26" height="560" rx="10" fill="${C.green900}" opacity="0.35"/>`,
      `<rect x="480" y="220" width="260" height="460" rx="10" fill="none" stroke="${C.amber400}" stroke-width="3" opacity="0.6"/>`,
      `<circle cx="610" cy="420" r="100" fill="${C.green900}" opacity="0.3"/>`,
      `<g transform="translate(610 470)"><path d="M0 30 V-70" stroke="${C.cream}" stroke-width="10" stroke-linecap="round"/>`,
      `<path d="${leafPath(110, 40)}" fill="${C.amber500}" transform="translate(0 -50) rotate(-40)"/>`,
      `<path d="${leafPath(80, 30)}" fill="${C.cream}" transform="translate(0 -20) rotate(-150)"/></g>`,
      `<rect x="530" y="600" width="160" height="10" rx="5" fill="${C.amber400}" opacity="0.7"/>`,
      // A cup of tea.
      shadowed(`<rect x="230" y="590" width="130" height="130" rx="26"/>`, 10, 0.2),
      `<path d="M350 620 h22 a34 34 0 0 1 0 68 h-22" fill="none" stroke="${C.white}" stroke-width="14"/>`,
      `<path d="M230 600 H360 V690 a30 30 0 0 1 -30 30 H260 a30 30 0 0 1 -30 -30 Z" fill="${C.white}"/>`,
      `<rect x="230" y="600" width="130" height="16" fill="${C.amber100}"/>`,
      `<g fill="none" stroke="${C.green600}" stroke-width="6" stroke-linecap="round" opacity="0.35"><path d="M270 570 q-14 -20 0 -40 q14 -20 0 -40"/><path d="M315 570 q-14 -20 0 -40 q14 -20 0 -40"/></g>`,
    ],
  )
}

/** A clipboard holding a budget sheet with a bar chart and a pie chart, a pencil beside it. */
function budgetTemplateCover({ width, height }: DemoImage): string {
  // Each line: its colour, the label's width, the amount's offset and width.
  const lines: [string, number, number, number][] = [
    [C.green600, 150, 10, 50],
    [C.amber500, 120, 30, 30],
    [C.sage, 170, 0, 60],
    [C.clay, 100, 40, 20],
  ]
  const rows = lines.map(
    ([color, label, offset, amount], i) =>
      `<circle cx="470" cy="${560 + i * 44}" r="9" fill="${color}"/>` +
      `<rect x="494" y="${554 + i * 44}" width="${label}" height="12" rx="6" fill="${C.sand}"/>` +
      `<rect x="${690 + offset}" y="${554 + i * 44}" width="${amount}" height="12" rx="6" fill="${C.green100}"/>`,
  )
  const bars = [110, 160, 90, 190, 140].map(
    (h, i) => `<rect x="${616 + i * 30}" y="${470 - h}" width="20" height="${h}" rx="6" fill="${i === 3 ? C.amber500 : C.green500}"/>`,
  )
  return svg(
    width,
    height,
    [...coverDefs()],
    [
      ...coverBackdrop(width, height, C.amber100, C.green100),
      // The clipboard, tilted a little.
      `<g transform="rotate(-4 600 450)">`,
      shadowed(`<rect x="400" y="130" width="400" height="620" rx="26"/>`, 16, 0.25),
      `<rect x="400" y="130" width="400" height="620" rx="26" fill="${C.woodDark}"/>`,
      `<rect x="428" y="180" width="344" height="544" rx="10" fill="${C.white}"/>`,
      `<rect x="520" y="108" width="160" height="64" rx="16" fill="${C.green700}"/><circle cx="600" cy="126" r="10" fill="${C.woodDark}"/>`,
      `<rect x="456" y="214" width="140" height="16" rx="8" fill="${C.green700}"/>`,
      `<g transform="translate(525 380)"><circle r="72" fill="${C.green100}"/><path d="M0 0 V-72 A72 72 0 0 1 68.5 22.2 Z" fill="${C.green600}"/><path d="M0 0 L68.5 22.2 A72 72 0 0 1 -22.2 68.5 Z" fill="${C.amber500}"/><circle r="30" fill="${C.white}"/></g>`,
      ...bars,
      `<path d="M606 470 H750" stroke="${C.sand}" stroke-width="4"/>`,
      ...rows,
      `</g>`,
      // A pencil resting against the board.
      `<g transform="translate(900 560) rotate(-70)">`,
      `<rect x="-200" y="-13" width="360" height="26" fill="${C.amber500}"/><rect x="-200" y="-13" width="360" height="8" fill="${C.amber400}"/>`,
      `<rect x="-234" y="-13" width="38" height="26" rx="9" fill="${C.clay}"/><rect x="-204" y="-13" width="12" height="26" fill="${C.sageLight}"/>`,
      `<path d="M160 -13 L214 0 L160 13 Z" fill="#f0d6b0"/><path d="M198 -4 L214 0 L198 4 Z" fill="${C.ink}"/></g>`,
    ],
  )
}

/** Two armchairs turned toward each other, a small table with two cups between them. */
function couplesCover({ width, height }: DemoImage): string {
  const chair = (fill: string, shade: string) =>
    `<rect x="-150" y="-330" width="110" height="300" rx="50" fill="${shade}"/>` +
    `<rect x="-150" y="-120" width="300" height="110" rx="40" fill="${fill}"/>` +
    `<rect x="-170" y="-170" width="70" height="170" rx="34" fill="${fill}"/>` +
    `<rect x="110" y="-170" width="70" height="170" rx="34" fill="${fill}"/>` +
    `<rect x="-140" y="-10" width="16" height="60" rx="6" fill="${C.green900}"/><rect x="146" y="-10" width="16" height="60" rx="6" fill="${C.green900}"/>`
  return svg(
    width,
    height,
    [...coverDefs()],
    [
      `<rect width="${width}" height="${height}" fill="url(#wall)"/>`,
      // A window with soft light, and a rug.
      `<rect x="470" y="90" width="260" height="320" rx="130" fill="${C.amber100}"/><rect x="486" y="106" width="228" height="288" rx="114" fill="${C.green100}"/>`,
      `<path d="M600 106 V394 M486 260 H714" stroke="${C.amber100}" stroke-width="12"/>`,
      `<rect y="${height * 0.8}" width="${width}" height="${height * 0.2}" fill="${C.sand}"/>`,
      `<ellipse cx="600" cy="790" rx="470" ry="60" fill="${C.green100}"/>`,
      `<ellipse cx="600" cy="790" rx="430" ry="46" fill="none" stroke="${C.sageLight}" stroke-width="6"/>`,
      // The chairs face each other.
      `<g transform="translate(300 760)">${chair(C.green600, C.green700)}</g>`,
      `<g transform="translate(900 760) scale(-1 1)">${chair(C.amber500, C.amber600)}</g>`,
      // The table and two cups.
      `<rect x="540" y="600" width="120" height="18" rx="8" fill="${C.woodDark}"/><rect x="592" y="616" width="16" height="150" fill="${C.woodDark}"/><rect x="560" y="760" width="80" height="12" rx="6" fill="${C.woodDark}"/>`,
      `<rect x="556" y="560" width="36" height="40" rx="8" fill="${C.white}"/><rect x="608" y="560" width="36" height="40" rx="8" fill="${C.cream}"/>`,
      pottedPlant(1140, 730, 0.7),
      `<g fill="${C.white}" opacity="0.9"><path d="M250 250 h130 a30 30 0 0 1 30 30 v40 a30 30 0 0 1 -30 30 h-90 l-40 30 v-30 a30 30 0 0 1 -30 -30 v-40 a30 30 0 0 1 30 -30 Z"/><path d="M950 300 h-130 a30 30 0 0 0 -30 30 v40 a30 30 0 0 0 30 30 h90 l40 30 v-30 a30 30 0 0 0 30 -30 v-40 a30 30 0 0 0 -30 -30 Z"/></g>`,
    ],
  )
}

/** A screen showing a calm, sunlit room, with a round play button in the middle. */
function welcomeVideoCover({ width, height }: DemoImage): string {
  return svg(
    width,
    height,
    [
      ...coverDefs(),
      linear('scene', [
        [0, C.amber100],
        [1, C.green100],
      ]),
    ],
    [
      ...coverBackdrop(width, height, C.amber100, C.wood),
      // The screen on its stand.
      shadowed(`<rect x="230" y="140" width="740" height="480" rx="28"/>`, 18, 0.25),
      `<rect x="560" y="620" width="80" height="90" fill="${C.green800}"/><rect x="470" y="700" width="260" height="24" rx="12" fill="${C.green800}"/>`,
      `<rect x="230" y="140" width="740" height="480" rx="28" fill="${C.green900}"/>`,
      `<rect x="254" y="164" width="692" height="432" rx="12" fill="url(#scene)"/>`,
      // The room inside: a window, a plant, a chair.
      `<rect x="330" y="220" width="180" height="220" rx="90" fill="${C.white}" opacity="0.8"/>`,
      `<path d="M254 500 H946 V596 H254 Z" fill="${C.sand}"/>`,
      `<rect x="700" y="360" width="150" height="150" rx="40" fill="${C.green600}"/><rect x="680" y="430" width="190" height="80" rx="30" fill="${C.green500}"/>`,
      pottedPlant(400, 540, 0.6),
      // The play button.
      `<circle cx="600" cy="380" r="100" fill="${C.amber500}"/><circle cx="600" cy="380" r="122" fill="none" stroke="${C.white}" stroke-width="6" opacity="0.7"/>`,
      `<path d="M572 330 L650 380 L572 430 Z" fill="${C.green900}" stroke="${C.green900}" stroke-width="12" stroke-linejoin="round"/>`,
      pottedPlant(1050, 722, 0.8),
    ],
  )
}

/** A worksheet with its rows mostly ticked off and a progress bar nearly full. */
function debtWorksheetCover({ width, height }: DemoImage): string {
  // Each row: the debt's name width, the amount's offset and width; the first three are paid off.
  const debts: [number, number, number][] = [
    [190, 20, 60],
    [150, 50, 30],
    [210, 0, 80],
    [170, 40, 40],
    [130, 60, 20],
  ]
  const rows = debts.map(([name, offset, amount], i) => {
    const y = 330 + i * 74
    const done = i < 3
    const fill = done ? C.green100 : C.sand
    return (
      `<rect x="404" y="${y - 26}" width="52" height="52" rx="12" fill="${done ? C.green600 : C.white}" stroke="${C.green600}" stroke-width="5"/>` +
      (done
        ? `<path d="M416 ${y} l11 12 l20 -24" fill="none" stroke="${C.white}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`
        : '') +
      `<rect x="480" y="${y - 8}" width="${name}" height="16" rx="8" fill="${fill}"/>` +
      `<rect x="${720 + offset}" y="${y - 8}" width="${amount}" height="16" rx="8" fill="${fill}"/>`
    )
  })
  return svg(
    width,
    height,
    [...coverDefs()],
    [
      ...coverBackdrop(width, height, C.green100, C.amber100),
      `<g transform="rotate(3 600 450)">`,
      shadowed(`<rect x="360" y="120" width="480" height="640" rx="18"/>`, 16, 0.22),
      `<rect x="360" y="120" width="480" height="640" rx="18" fill="${C.white}"/>`,
      `<rect x="404" y="170" width="190" height="20" rx="10" fill="${C.green700}"/>`,
      `<rect x="404" y="214" width="392" height="26" rx="13" fill="${C.green50}" stroke="${C.sageLight}" stroke-width="3"/>`,
      `<rect x="404" y="214" width="300" height="26" rx="13" fill="${C.amber500}"/>`,
      ...rows,
      `</g>`,
      // A pencil and a coin on the table.
      `<g transform="translate(960 770) rotate(-12)">`,
      `<rect x="-180" y="-12" width="320" height="24" fill="${C.green600}"/><rect x="-180" y="-12" width="320" height="8" fill="${C.green500}"/>`,
      `<rect x="-212" y="-12" width="36" height="24" rx="9" fill="${C.clay}"/>`,
      `<path d="M140 -12 L190 0 L140 12 Z" fill="#f0d6b0"/><path d="M176 -4 L190 0 L176 4 Z" fill="${C.ink}"/></g>`,
      `<circle cx="250" cy="790" r="46" fill="${C.amber500}"/><circle cx="250" cy="790" r="33" fill="none" stroke="${C.amber200}" stroke-width="4"/>`,
    ],
  )
}

// ---------------------------------------------------------------------------------------------
// The list: one drawing per file in the manifest
// ---------------------------------------------------------------------------------------------

const DRAWINGS: Record<string, (image: DemoImage) => string> = {
  'grace-adeyemi-portrait.webp': portrait,
  'post-first-family-budget.webp': familyBudget,
  'post-money-before-i-do.webp': beforeIDo,
  'post-emergency-fund.webp': emergencyFund,
  'post-generosity.webp': generosity,
  'post-out-of-debt.webp': outOfDebt,
  'resource-gentle-start-ebook.webp': ebookCover,
  'resource-family-budget-template.webp': budgetTemplateCover,
  'resource-couples-conversations.webp': couplesCover,
  'resource-welcome-video.webp': welcomeVideoCover,
  'resource-debt-payoff-worksheet.webp': debtWorksheetCover,
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
  await picture
    .clone()
    .png()
    .toFile(join(PREVIEW_DIR, image.file.replace(/\.webp$/, '.png')))
  const size = statSync(out).size
  total += size
  console.log(`${out}  ${image.width}x${image.height}  ${(size / 1024).toFixed(1)} KB`)
}
console.log(`total ${(total / 1024).toFixed(1)} KB`)
