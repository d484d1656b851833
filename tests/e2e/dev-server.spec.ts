import { spawn, type ChildProcess } from 'node:child_process'
import { PUBLIC_PAGES } from '#domain/route-map.ts'
import { AdminApi } from '#tests/e2e/support/admin-api.ts'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'

/**
 * `npm run dev` (netlify dev in front of Vite's dev server) must behave as the deployed site does
 * on every address, and run the scheduled functions as Netlify does. It runs here on ports of its
 * own, beside the workers' production servers, started once for one test of several steps (a start
 * costs about 45 s of CPU, on this machine's two cores).
 */
// E2E_DEV_PORT moves it (and Vite, one above) for a second checkout running its tests at the same time.
const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? 8877)
const DEV_URL = `http://localhost:${DEV_PORT}`
const START_TIMEOUT_MS = 360_000

let dev: ChildProcess | undefined
let output = ''

async function answers(path: string): Promise<boolean> {
  try {
    return (await fetch(`${DEV_URL}${path}`, { signal: AbortSignal.timeout(5_000) })).ok
  } catch {
    return false
  }
}

test.use({ keepData: true, baseURL: DEV_URL })

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 30_000)
  dev = spawn('npm', ['run', 'dev'], {
    env: { ...process.env, DEV_PORT: String(DEV_PORT), VITE_PORT: String(DEV_PORT + 1) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopping it stops netlify dev and Vite too (scripts/dev.ts).
    detached: true,
  })
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + START_TIMEOUT_MS
  // scripts/dev.ts prints the site's address once the demo content is in place.
  while (!(output.includes('Faithful Finances is running') && (await answers('/api/content')))) {
    if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not start:\n${output.slice(-3_000)}`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
})

test.afterAll(() => {
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, 'SIGTERM')
    } catch {
      // already stopped
    }
  }
})

/** A post goes live at the first run of publish-scheduled after its time: at most a minute late. */
const PUBLISHED_WITHIN_MS = 120_000

// The local data is the developer's own (it is never reset here), so texts may differ from the
// demo's: each page must draw, with its heading and landmarks, and log no error. The post scheduled
// first is published meanwhile by the real schedule (nothing here calls the function).
test('npm run dev serves every page as production does and publishes a scheduled post on its schedule', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(PUBLISHED_WITHIN_MS + 90_000)
  expect(output).toContain(
    'Scheduled jobs run here as they do on Netlify: booking-reminders every 15 minutes, maintenance every 5 minutes, newsletter-scheduler every minute, publish-scheduled every minute.',
  )
  const admin = await AdminApi.login(request)
  const scheduledAt = Date.now()
  const title = `Scheduled under npm run dev ${scheduledAt}`
  const post = await admin.createPost({
    title,
    excerpt: 'Published by the scheduled job of npm run dev.',
    content: 'It was scheduled a few seconds ahead and nothing else was done.',
    status: 'scheduled',
    publishAt: new Date(scheduledAt + 5_000).toISOString(),
  })
  expect(post.status).toBe('scheduled')

  try {
    await test.step('every public page and the sign-in page draw, with no error', async () => {
      const paths = PUBLIC_PAGES.filter((entry) => !entry.path.includes(':') && !entry.catchAll).map((entry) => entry.path)
      for (const path of [...paths, '/admin/login']) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first(), `${path} under npm run dev`).not.toBeEmpty()
        await expect(page.getByRole('main'), path).toBeVisible()
      }
    })

    consoleErrors.allow(failedResourceLog(404))
    await test.step('an unknown address shows the not-found page', async () => {
      await page.goto('/no-such-page')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
    })

    await test.step('an unknown post address shows Post Not Found, as in production', async () => {
      await page.goto('/blog/no-such-post')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found')
      await expect(page.getByText('Blog post not found', { exact: true })).toBeVisible()
      await page.getByRole('link', { name: 'Back to Blog' }).click()
      await expect(page).toHaveURL(/\/blog$/)
      await expect(page.getByRole('list', { name: 'Posts' })).toBeVisible()
    })

    await test.step('the scheduled post goes live on its own, within two minutes', async () => {
      await expect
        .poll(async () => (await admin.posts()).find((listed) => listed.id === post.id)?.status, {
          timeout: Math.max(1_000, scheduledAt + PUBLISHED_WITHIN_MS - Date.now()),
          intervals: [2_000],
        })
        .toBe('published')
      console.log(`scheduled post published ${((Date.now() - scheduledAt) / 1000).toFixed(0)} s after it was saved`)
    })

    await test.step('a published post opens at its address', async () => {
      await page.goto('/blog')
      const link = page.getByRole('list', { name: 'Posts' }).getByRole('link', { name: title }).first()
      await link.click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    })
  } finally {
    await admin.deletePost(post.id)
  }
})
