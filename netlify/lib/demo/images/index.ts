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

/** A post's featured image: 16:9, like every picture at the top of a post. */
const postImage = (file: string, title: string, alt: string): DemoImage => ({
  file,
  width: 1600,
  height: 900,
  alt,
  illustrates: { kind: 'post', title },
})

/** A resource's cover: 4:3, as the resource cards show them. */
const resourceCover = (file: string, title: string, alt: string): DemoImage => ({
  file,
  width: 1200,
  height: 900,
  alt,
  illustrates: { kind: 'resource', title },
})

/** One featured image (16:9) per demo post, in the order of DEMO_POSTS. */
export const DEMO_POST_IMAGES: readonly DemoImage[] = [
  postImage(
    'post-first-family-budget.webp',
    'Building Your First Family Budget',
    'A kitchen table seen from above with an open notebook, a pencil, a cup of coffee, a few coins and a small plant.',
  ),
  postImage(
    'post-money-before-i-do.webp',
    'Talking About Money Before You Say "I Do"',
    'Two gold wedding rings resting on a shared plan with a list and a small chart, between two cups of coffee.',
  ),
  postImage(
    'post-emergency-fund.webp',
    'Your Emergency Fund: Peace of Mind for the Unexpected',
    'A large umbrella sheltering a small house from gentle rain, with the sun coming out behind.',
  ),
  postImage(
    'post-generosity.webp',
    'Generosity on Any Income',
    'Two cupped hands holding a little soil with a green seedling growing from it, in warm light.',
  ),
  postImage(
    'post-out-of-debt.webp',
    'Getting Out of Debt, One Step at a Time',
    'A path of stepping stones winding up a green hill toward a small flag and a rising sun.',
  ),
]

/** One cover (4:3) per demo resource, in the order of DEMO_RESOURCES. */
export const DEMO_RESOURCE_IMAGES: readonly DemoImage[] = [
  resourceCover(
    'resource-gentle-start-ebook.webp',
    'Faithful Finances: A Gentle Start',
    'A green book with a sprout on its cover, standing between a cup of tea and a small potted plant.',
  ),
  resourceCover(
    'resource-family-budget-template.webp',
    'Family Budget Template',
    'A clipboard holding a simple budget sheet with a bar chart and a pie chart, next to a pencil.',
  ),
  resourceCover(
    'resource-couples-conversations.webp',
    'Money Conversations for Couples',
    'Two armchairs turned toward each other with a small table and two cups between them, and empty speech bubbles above.',
  ),
  resourceCover(
    'resource-welcome-video.webp',
    'Welcome to Coaching',
    'A screen showing a calm, sunlit room with a round play button in the middle.',
  ),
  resourceCover(
    'resource-debt-payoff-worksheet.webp',
    'Debt Payoff Worksheet',
    'A worksheet with five rows, three of them ticked off, and a progress bar most of the way full.',
  ),
]

/** Every illustration, the portrait first. */
export const DEMO_IMAGES: readonly DemoImage[] = [DEMO_PORTRAIT, ...DEMO_POST_IMAGES, ...DEMO_RESOURCE_IMAGES]

/** The picture for a demo post or resource, by its title; undefined when it has none. */
export function demoImageFor(kind: 'post' | 'resource', title: string): DemoImage | undefined {
  return DEMO_IMAGES.find((image) => image.illustrates.kind === kind && image.illustrates.title === title)
}
