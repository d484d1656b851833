import { spawn, type ChildProcess } from 'node:child_process'
import { PUBLIC_PAGES } from '#domain/route-map.ts'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'

/**
 * `npm run dev` (netlify dev in front of Vite's dev server) must behave as the deployed site does
 * on every address. It runs here on ports of its own, beside the workers' production servers.
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

// The local data is the developer's own (it is never reset here), so texts may differ from the
// demo's: each page must draw, with its heading and landmarks, and log no error.
test('every public page and the sign-in page draw, with no error', async ({ page }) => {
  const paths = PUBLIC_PAGES.filter((entry) => !entry.path.includes(':') && !entry.catchAll).map((entry) => entry.path)
  for (const path of [...paths, '/admin/login']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first(), `${path} under npm run dev`).not.toBeEmpty()
    await expect(page.getByRole('main'), path).toBeVisible()
  }
})

test('an unknown address shows the not-found page', async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(404))
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
})

test('an unknown post address shows Post Not Found, as in production', async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(404))
  await page.goto('/blog/no-such-post')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post Not Found')
  await expect(page.getByText('Blog post not found', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Blog' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('list', { name: 'Posts' })).toBeVisible()
})

test('a published post opens at its address', async ({ page }) => {
  await page.goto('/blog')
  const first = page.getByRole('list', { name: 'Posts' }).getByRole('article').first().getByRole('link').first()
  const title = (await first.textContent())?.trim() ?? ''
  await first.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
})
