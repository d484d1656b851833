import type { Page, Route } from '@playwright/test'
import { expect, failedResourceLog, test } from '#tests/e2e/support/fixtures.ts'
import { postBody } from '#tests/e2e/support/post-editor.ts'
import { openDashboard } from '#tests/e2e/support/sign-in.ts'

/**
 * Each admin action's failure message (docs/product.md, Messages) when the server refuses without a
 * message of its own, and the network message when it cannot be reached. The action runs for real
 * in the browser; only the one call is made to fail.
 */
test.use({ signedInAs: 'admin' })

const refuse = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' })

/** Makes calls to `path` with `method` fail, and lets every other call through. */
async function failCall(page: Page, path: string, method: string, how: 'refuse' | 'abort') {
  await page.route(
    (url) => url.pathname === path || url.pathname.startsWith(`${path}/`),
    (route) => (route.request().method() === method ? (how === 'refuse' ? refuse(route) : route.abort()) : route.fallback()),
  )
}

const banner = (page: Page) => page.locator('.flash-text')

async function confirm(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
}

type Case = { name: string; path: string; method: string; message: string; act: (page: Page) => Promise<void> }

const cases: Case[] = [
  {
    name: 'creating a post',
    path: '/api/admin/blog-posts',
    method: 'POST',
    message: 'Failed to create blog post',
    act: async (page) => {
      await page.goto('/admin/blog-resources?new=post')
      const form = page.getByRole('form', { name: 'New blog post' })
      await form.getByLabel('Title').fill('Refused')
      await form.getByLabel('Excerpt').fill('Refused')
      await postBody(form).fill('Refused')
      await form.getByRole('button', { name: 'Create post' }).click()
    },
  },
  {
    name: 'updating a post',
    path: '/api/admin/blog-posts',
    method: 'PUT',
    message: 'Failed to update blog post',
    act: async (page) => {
      await page.goto('/admin/blog-resources')
      await page
        .getByRole('row', { name: /Generosity on Any Income/ })
        .getByRole('button', { name: /Edit/ })
        .click()
      await page
        .getByRole('form', { name: /Edit post/ })
        .getByRole('button', { name: 'Save changes' })
        .click()
    },
  },
  {
    name: 'creating a resource',
    path: '/api/admin/resources',
    method: 'POST',
    message: 'Failed to create resource',
    act: async (page) => {
      await page.goto('/admin/blog-resources?tab=resources&new=resource')
      const form = page.getByRole('form', { name: 'New resource' })
      await form.getByLabel('Title').fill('Refused')
      await form.getByLabel('Description').fill('Refused')
      await form.getByText('Use a file from another website').click()
      await form.getByLabel('The file’s web address').fill('https://example.com/refused.pdf')
      await form.getByRole('button', { name: 'Use this file' }).click()
      await form.getByRole('button', { name: 'Create resource' }).click()
    },
  },
  {
    name: 'deleting a resource',
    path: '/api/admin/resources',
    method: 'DELETE',
    message: 'Failed to delete resource',
    act: async (page) => {
      await page.goto('/admin/blog-resources?tab=resources')
      await page
        .getByRole('row', { name: /Family Budget Template/ })
        .getByRole('button', { name: /Delete/ })
        .click()
      await confirm(page)
    },
  },
  {
    name: 'creating a user',
    path: '/api/admin/users',
    method: 'POST',
    message: 'Failed to create user',
    act: async (page) => {
      await page.goto('/admin/users')
      await page.getByRole('button', { name: 'Add user' }).click()
      const form = page.getByRole('form', { name: 'Add user' })
      await form.getByLabel('Username').fill('refused')
      await form.getByLabel('Email').fill('refused@example.com')
      await form.getByLabel('Password').fill('a long enough password')
      await form.getByRole('button', { name: 'Create user' }).click()
    },
  },
  {
    name: 'deleting a user',
    path: '/api/admin/users',
    method: 'DELETE',
    message: 'Failed to delete user',
    act: async (page) => {
      await page.goto('/admin/users')
      await page
        .getByRole('row', { name: /editor@example.com/ })
        .getByRole('button', { name: /Delete/ })
        .click()
      await confirm(page)
    },
  },
  {
    name: 'deleting content',
    path: '/api/admin/content',
    method: 'DELETE',
    message: 'Failed to delete content',
    act: async (page) => {
      await page.goto('/admin/content?view=stored')
      await page
        .getByRole('row', { name: /heroTitle/ })
        .getByRole('button', { name: /Delete/ })
        .click()
      await confirm(page)
    },
  },
]

// One test, a tab of its own per action (nothing is stored when a call fails, so the actions cannot
// affect each other): the browser, its session and the data are set up once for all of them.
test('each action refused by the server shows its own message', async ({ context, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(500))
  for (const c of cases) {
    await test.step(`${c.name}: a refusal shows "${c.message}"`, async () => {
      // A page of the test's browser: consoleErrors watches it as it opens.
      const page = await context.newPage()
      await failCall(page, c.path, c.method, 'refuse')
      // Each action opens its own screen: the browser starts signed in.
      await c.act(page)
      await expect(banner(page)).toHaveText(c.message)
      await page.close()
    })
  }
})

test('an action that cannot reach the server shows "Network error. Please try again."', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/net::ERR_FAILED/)
  await failCall(page, '/api/admin/users', 'POST', 'abort')
  await cases.find((c) => c.name === 'creating a user')!.act(page)
  await expect(banner(page)).toHaveText('Network error. Please try again.')
})

test('a failed load of the subscribers shows "Failed to load subscribers"', async ({ page, consoleErrors }) => {
  consoleErrors.allow(failedResourceLog(500))
  await openDashboard(page)
  await failCall(page, '/api/subscribers', 'GET', 'refuse')
  await page.getByRole('link', { name: 'Subscribers', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Failed to load subscribers')
})
