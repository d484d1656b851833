/**
 * The demo content's illustrations: WebP files in this folder, drawn in code by
 * scripts/make-demo-images.ts (README.md here). The script draws one picture for each entry and
 * checks that every demo post and resource has one, so a title changed in demo-content.ts must be
 * changed here too.
 */

/** What a picture stands for in the demo content: the coach, or a post or resource by its title. */
export type DemoImageSubject = { kind: 'coach'; name: string } | { kind: 'post'; title: string } | { kind: 'resource'; title: string }

export interface DemoImage {
  /** The file's name in this folder. */
  file: string
  width: number
  height: number
  /** Plain description for the img element's alt. */
  alt: string
  illustrates: DemoImageSubject
}

/** The coach's portrait (4:5) for the About page and the home page. */
export const DEMO_PORTRAIT: DemoImage = {
  file: 'grace-adeyemi-portrait.webp',
  width: 1200,
  height: 1500,
  alt: 'Illustrated portrait of Grace Adeyemi, a smiling Black woman with short natural hair, wearing a green blazer and small gold earrings.',
  illustrates: { kind: 'coach', name: 'Grace Adeyemi' },
}

/** One featured image (16:9) per demo post, in the order of DEMO_POSTS. */
export const DEMO_POST_IMAGES: readonly DemoImage[] = [
  {
    file: 'post-first-family-budget.webp',
    width: 1600,
    height: 900,
    alt: 'A kitchen table seen from above with an open notebook, a pencil, a cup of coffee, a few coins and a small plant.',
    illustrates: { kind: 'post', title: 'Building Your First Family Budget' },
  },
  {
    file: 'post-money-before-i-do.webp',
    width: 1600,
    height: 900,
    alt: 'Two gold wedding rings resting on a shared plan with a list and a small chart, between two cups of coffee.',
    illustrates: { kind: 'post', title: 'Talking About Money Before You Say "I Do"' },
  },
  {
    file: 'post-emergency-fund.webp',
    width: 1600,
    height: 900,
    alt: 'A large umbrella sheltering a small house from gentle rain, with the sun coming out behind.',
    illustrates: { kind: 'post', title: 'Your Emergency Fund: Peace of Mind for the Unexpected' },
  },
  {
    file: 'post-generosity.webp',
    width: 1600,
    height: 900,
    alt: 'Two cupped hands holding a little soil with a green seedling growing from it, in warm light.',
    illustrates: { kind: 'post', title: 'Generosity on Any Income' },
  },
  {
    file: 'post-out-of-debt.webp',
    width: 1600,
    height: 900,
    alt: 'A path of stepping stones winding up a green hill toward a small flag and a rising sun.',
    illustrates: { kind: 'post', title: 'Getting Out of Debt, One Step at a Time' },
  },
]

/** One cover (4:3) per demo resource, in the order of DEMO_RESOURCES. */
export const DEMO_RESOURCE_IMAGES: readonly DemoImage[] = [
  {
    file: 'resource-gentle-start-ebook.webp',
    width: 1200,
    height: 900,
    alt: 'A green book with a sprout on its cover, standing between a cup of tea and a small potted plant.',
    illustrates: { kind: 'resource', title: 'Faithful Finances: A Gentle Start' },
  },
  {
    file: 'resource-family-budget-template.webp',
    width: 1200,
    height: 900,
    alt: 'A clipboard holding a simple budget sheet with a bar chart and a pie chart, next to a pencil.',
    illustrates: { kind: 'resource', title: 'Family Budget Template' },
  },
  {
    file: 'resource-couples-conversations.webp',
    width: 1200,
    height: 900,
    alt: 'Two armchairs turned toward each other with a small table and two cups between them, and empty speech bubbles above.',
    illustrates: { kind: 'resource', title: 'Money Conversations for Couples' },
  },
  {
    file: 'resource-welcome-video.webp',
    width: 1200,
    height: 900,
    alt: 'A screen showing a calm, sunlit room with a round play button in the middle.',
    illustrates: { kind: 'resource', title: 'Welcome to Coaching' },
  },
  {
    file: 'resource-debt-payoff-worksheet.webp',
    width: 1200,
    height: 900,
    alt: 'A worksheet with five rows, three of them ticked off, and a progress bar most of the way full.',
    illustrates: { kind: 'resource', title: 'Debt Payoff Worksheet' },
  },
]

/** Every illustration, the portrait first. */
export const DEMO_IMAGES: readonly DemoImage[] = [DEMO_PORTRAIT, ...DEMO_POST_IMAGES, ...DEMO_RESOURCE_IMAGES]

/** The picture for a demo post or resource, by its title; undefined when it has none. */
export function demoImageFor(kind: 'post' | 'resource', title: string): DemoImage | undefined {
  return DEMO_IMAGES.find((image) => image.illustrates.kind === kind && image.illustrates.title === title)
}
