import type { Page } from '@playwright/test'
import { DEMO_CREDENTIALS } from '#domain/demo.ts'
import { expect, failedResourceLog, fulfillJson, test } from '#tests/e2e/support/fixtures.ts'
import { postBody, typePostBody } from '#tests/e2e/support/post-editor.ts'
import { openDashboard, signIn } from '#tests/e2e/support/sign-in.ts'

/**
 * The admin panel in the browser, against the real functions and the real local Blobs.
 * Each test starts from the demo data (admin, editor, 5 posts, 5 resources, content items), signed
 * in as the demo admin unless it says otherwise; the sign-in tests use the form themselves.
 */
test.use({ signedInAs: 'admin' })

const DEPUTY_PASSWORD = 'the deputy passphrase'

/** The admin's success or failure banner: its message alone. */
const banner = (page: Page) => page.locator('.flash-text')

/** Confirms the open dialog after checking it names the item; answers the dialog's text. */
async function confirmDelete(page: Page, itemName: string) {
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(itemName)
  const text = await dialog.textContent()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog).toBeHidden()
  return text
}

test.describe('sign-in and session', () => {
  test.use({ signedInAs: undefined })

  test('without a session /admin leads to the login page; a wrong password shows the server message', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(401, '/api/admin/login'))
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/admin\/login$/)
    await expect(page.getByText('Demo credentials')).toHaveCount(0) // a production build never shows them
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
  })

  test('shows "Signing in..." while working, then the dashboard with the user and role', async ({ page }) => {
    await page.goto('/admin/login')
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill(DEMO_CREDENTIALS.admin.password)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin/login', async (route) => {
      await gate
      await route.fallback()
    })
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
    release()
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    const sidebar = page.locator('aside')
    await expect(sidebar).toContainText('adminAdmin') // the user's name, then the role
    await expect(page.getByText('Total users')).toBeVisible()
    await expect(page.getByText('Version 1.0.0')).toBeVisible()
    expect(await page.evaluate(() => [localStorage.getItem('adminToken') !== null, localStorage.getItem('adminUser')])).toEqual([
      true,
      JSON.stringify({ username: 'admin', role: 'admin' }),
    ])
  })

  test('a network failure shows "Network error. Please try again."', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/net::ERR_FAILED/)
    await page.goto('/admin/login')
    await page.route('**/api/admin/login', (route) => route.abort())
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('whatever-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Network error. Please try again.')
  })

  test('logout revokes the token on the server: the old token is refused afterwards', async ({ page, server, serverURL }) => {
    await signIn(page, server, serverURL, 'admin')
    const token = await page.evaluate(() => localStorage.getItem('adminToken'))
    expect((await server.get('/api/admin/stats', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200)
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/admin\/login$/)
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('adminUser')])).toEqual([null, null])
    const refused = await server.get('/api/admin/stats', { headers: { Authorization: `Bearer ${token}` } })
    expect(refused.status()).toBe(401)
    expect(await refused.json()).toMatchObject({ success: false })
  })

  test('an unparsable stored user sends the visitor to the login page', async ({ page }) => {
    await page.goto('/admin/login')
    await page.evaluate(() => {
      localStorage.setItem('adminToken', 'x')
      localStorage.setItem('adminUser', '{not json')
    })
    await page.goto('/admin/content')
    await expect(page).toHaveURL(/\/admin\/login$/)
  })

  test('a 401 from any admin call (revoked token) ends the session', async ({ page, server, serverURL, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(401))
    await signIn(page, server, serverURL, 'admin')
    // The dashboard's own calls first: one still in flight when the token is revoked would end the
    // session before the click below, and the link would be gone.
    await page.waitForLoadState('networkidle')
    const token = await page.evaluate(() => localStorage.getItem('adminToken'))
    await server.post('/api/admin/logout', { headers: { Authorization: `Bearer ${token}` } })
    await page.getByRole('link', { name: 'Content', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull()
  })
})

test.describe('content', () => {
  test('add, edit (saved with POST) and delete an item, with every message', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(500, '/api/admin/content'))
    await openDashboard(page)
    await page.getByRole('link', { name: 'Content', exact: true }).click()
    await page.getByRole('tab', { name: 'Stored items' }).click()
    await expect(page).toHaveURL(/\/admin\/content\?view=stored$/)
    await expect(page.getByRole('region', { name: 'Section home' })).toBeVisible()

    await page.getByRole('button', { name: 'Add content' }).click()
    const form = page.getByRole('form', { name: 'Add content' })
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByText('Section is required')).toBeVisible()
    await form.getByLabel('Section').fill('home')
    await form.getByLabel('Key').fill('heroTitle')
    await form.getByLabel('Type').selectOption('image')
    await expect(form.getByLabel('Image URL')).toBeVisible()
    await form.getByLabel('Type').selectOption('text')
    await form.getByLabel('Value').fill('Money with meaning, for every family')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(banner(page)).toHaveText('Content saved successfully')

    // The live home page shows the edit without a rebuild (docs/decisions.md, Editable page texts).
    const home = await page.context().newPage()
    await home.goto('/')
    await expect(home.getByRole('heading', { level: 1 })).toHaveText('Money with meaning, for every family')
    await home.close()

    const row = page.getByRole('row', { name: /heroTitle/ })
    await row.getByRole('button', { name: /Edit/ }).click()
    const edit = page.getByRole('form', { name: 'Edit home / heroTitle' })
    await edit.getByLabel('Value').fill('x'.repeat(260))
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(banner(page)).toHaveText('Content saved successfully')
    // Values over 200 characters are cut with an ellipsis in the list.
    await expect(
      page
        .getByRole('row', { name: /heroTitle/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText(`${'x'.repeat(200)}...`)

    await fulfillJson(page, '**/api/admin/content', 500, { success: false })
    await page.getByRole('button', { name: 'Add content' }).click()
    const failing = page.getByRole('form', { name: 'Add content' })
    await failing.getByLabel('Section').fill('home')
    await failing.getByLabel('Key').fill('ctaTitle')
    await failing.getByLabel('Value').fill('Hello')
    await failing.getByRole('button', { name: 'Save' }).click()
    await expect(banner(page)).toHaveText('Failed to save content')
    await page.unroute('**/api/admin/content')
    // What she typed was never saved: Cancel asks before throwing it away.
    await failing.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click()
    await expect(failing).toBeHidden()

    await page
      .getByRole('row', { name: /heroTitle/ })
      .getByRole('button', { name: /Delete/ })
      .click()
    const text = await confirmDelete(page, 'home / heroTitle')
    expect(text).toContain('Delete "home / heroTitle"?')
    await expect(banner(page)).toHaveText('Content deleted successfully')
    await expect(page.getByRole('row', { name: /heroTitle/ })).toHaveCount(0)
  })

  test('a failed load shows "Failed to load content"', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(500, '/api/admin/content'))
    await openDashboard(page)
    await fulfillJson(page, '**/api/admin/content', 500, { success: false })
    await page.getByRole('link', { name: 'Content', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('Failed to load content')
  })
})

test.describe('blog posts', () => {
  test('create a draft, publish it (it appears on /blog), set it back to draft (it is gone), delete it', async ({ page }) => {
    await openDashboard(page)
    await page.getByRole('link', { name: 'Blog & Resources', exact: true }).click()
    await expect(page.getByRole('tab', { name: /Blog Posts/ })).toContainText('5')

    await page.getByRole('button', { name: 'New post' }).click()
    const form = page.getByRole('form', { name: 'New blog post' })
    await form.getByRole('button', { name: 'Create post' }).click()
    await expect(form.getByText('Title is required')).toBeVisible()
    await form.getByLabel('Title').fill('A Season of Saving')
    await form.getByLabel('Excerpt').fill('Small steps toward a steadier year.')
    await typePostBody(form, ['## Start small', '**Save** a little *each* week.'])
    // Another website's picture: its address is checked with the schema's rule before it is used.
    await form.getByText('Use a picture from another website').click()
    await form.getByLabel('The picture’s web address').fill('javascript:alert(1)')
    await form.getByRole('button', { name: 'Use this picture' }).click()
    await expect(form.getByText('Featured image must be a valid URL')).toBeVisible()
    await expect(form.getByText('No picture chosen')).toBeVisible()
    await form.getByLabel('Tags (comma-separated)').fill(' Saving , Family ,, ')
    await expect(form.getByLabel('Status')).toHaveValue('draft')
    await form.getByRole('button', { name: 'Create post' }).click()
    await expect(banner(page)).toHaveText('Blog post created successfully')
    const row = page.getByRole('row', { name: /A Season of Saving/ })
    await expect(row).toContainText('Draft')
    await expect(row).toContainText('Saving, Family')

    const visitor = await page.context().newPage()
    await visitor.goto('/blog')
    await expect(visitor.getByRole('list', { name: 'Posts' })).toBeVisible()
    await expect(visitor.getByText('A Season of Saving')).toHaveCount(0)

    await row.getByRole('button', { name: /Edit/ }).click()
    const edit = page.getByRole('form', { name: 'Edit post A Season of Saving' })
    await expect(postBody(edit).getByRole('heading', { level: 2, name: 'Start small' })).toBeVisible()
    await expect(postBody(edit).locator('strong')).toHaveText('Save')
    await expect(postBody(edit).locator('em')).toHaveText('each')
    await edit.getByLabel('Status').selectOption('published')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(banner(page)).toHaveText('Blog post updated successfully')
    await visitor.reload()
    await expect(visitor.getByRole('link', { name: 'A Season of Saving' })).toBeVisible()
    await visitor.getByRole('link', { name: 'A Season of Saving' }).click()
    await expect(visitor.getByRole('heading', { level: 2, name: 'Start small' })).toBeVisible()

    await page
      .getByRole('row', { name: /A Season of Saving/ })
      .getByRole('button', { name: /Edit/ })
      .click()
    await page.getByRole('form', { name: 'Edit post A Season of Saving' }).getByLabel('Status').selectOption('draft')
    await page.getByRole('form', { name: 'Edit post A Season of Saving' }).getByRole('button', { name: 'Save changes' }).click()
    await expect(banner(page)).toHaveText('Blog post updated successfully')
    await visitor.goto('/blog')
    await expect(visitor.getByRole('list', { name: 'Posts' })).toBeVisible()
    await expect(visitor.getByText('A Season of Saving')).toHaveCount(0)
    await visitor.close()

    await page
      .getByRole('row', { name: /A Season of Saving/ })
      .getByRole('button', { name: /Delete/ })
      .click()
    await confirmDelete(page, 'A Season of Saving')
    await expect(banner(page)).toHaveText('Blog post deleted successfully')
    await expect(page.getByRole('tab', { name: /Blog Posts/ })).toContainText('5')
  })

  test('Cancel in the confirmation deletes nothing; failures show the server message or the fallback', async ({ page, consoleErrors }) => {
    consoleErrors.allow(failedResourceLog(500), failedResourceLog(400))
    await openDashboard(page)
    await page.getByRole('link', { name: 'Blog & Resources', exact: true }).click()
    const row = page.getByRole('row', { name: /Generosity on Any Income/ })
    await row.getByRole('button', { name: /Delete/ }).click()
    await expect(page.getByRole('dialog')).toContainText('Generosity on Any Income')
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect(row).toBeVisible()

    await page.route('**/api/admin/blog-posts/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' })
        : route.fallback(),
    )
    await row.getByRole('button', { name: /Delete/ }).click()
    await confirmDelete(page, 'Generosity on Any Income')
    await expect(banner(page)).toHaveText('Failed to delete blog post')

    await page.route('**/api/admin/blog-posts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: '{"success":false,"message":"The title is too close to another post"}',
          })
        : route.fallback(),
    )
    await page.getByRole('button', { name: 'New post' }).click()
    const form = page.getByRole('form', { name: 'New blog post' })
    await form.getByLabel('Title').fill('Another')
    await form.getByLabel('Excerpt').fill('Another')
    await postBody(form).fill('Another')
    await form.getByRole('button', { name: 'Create post' }).click()
    await expect(banner(page)).toHaveText('The title is too close to another post')
  })
})

test.describe('resources', () => {
  test('create, edit to inactive (gone from /resources), delete; Active/Inactive labels', async ({ page }) => {
    await page.goto('/admin/blog-resources?tab=resources')
    await expect(page.getByRole('tab', { name: /Resources/ })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('row', { name: /Debt Payoff Worksheet/ })).toContainText('Inactive')

    await page.getByRole('button', { name: 'Add resource' }).click()
    const form = page.getByRole('form', { name: 'New resource' })
    await expect(form.getByLabel('Type')).toHaveValue('ebook')
    await expect(form.getByLabel('Active (shown on the Resources page)')).toBeChecked()
    await form.getByRole('button', { name: 'Create resource' }).click()
    await expect(form.getByText('Title is required')).toBeVisible()
    const fileField = form.getByRole('group', { name: 'File', exact: true })
    await expect(fileField.getByText('File is required')).toBeVisible()
    await form.getByLabel('Title').fill('Giving Plan Worksheet')
    await form.getByLabel('Description').fill('Plan your giving for the year.')
    await form.getByLabel('Type').selectOption('template')
    // Uploaded through the field, into the library, and chosen.
    await fileField
      .getByLabel('Upload a file for File')
      .setInputFiles({ name: 'Giving Plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n% a giving plan\n') })
    await expect(fileField.getByRole('status')).toHaveText('Uploaded and chosen: Giving Plan.pdf')
    await expect(fileField).not.toContainText('/media/')
    await form.getByRole('button', { name: 'Create resource' }).click()
    await expect(banner(page)).toHaveText('Resource created successfully')
    await expect(page.getByRole('row', { name: /Giving Plan Worksheet/ })).toContainText('Active')

    const visitor = await page.context().newPage()
    await visitor.goto('/resources')
    await expect(visitor.getByRole('heading', { name: 'Giving Plan Worksheet' })).toBeVisible()

    await page
      .getByRole('row', { name: /Giving Plan Worksheet/ })
      .getByRole('button', { name: /Edit/ })
      .click()
    const edit = page.getByRole('form', { name: 'Edit resource Giving Plan Worksheet' })
    await expect(edit.getByLabel('Title')).toHaveValue('Giving Plan Worksheet')
    await edit.getByLabel('Active (shown on the Resources page)').uncheck()
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(banner(page)).toHaveText('Resource updated successfully')
    await expect(page.getByRole('row', { name: /Giving Plan Worksheet/ })).toContainText('Inactive')
    await visitor.reload()
    await expect(visitor.getByRole('list', { name: 'Resources' })).toBeVisible()
    await expect(visitor.getByText('Giving Plan Worksheet')).toHaveCount(0)
    await visitor.close()

    await page
      .getByRole('row', { name: /Giving Plan Worksheet/ })
      .getByRole('button', { name: /Delete/ })
      .click()
    await confirmDelete(page, 'Giving Plan Worksheet')
    await expect(banner(page)).toHaveText('Resource deleted successfully')
    await expect(page.getByRole('row', { name: /Giving Plan Worksheet/ })).toHaveCount(0)
  })

  test('an update the server refuses shows "Failed to update resource"; a failed load "Failed to load data"', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResourceLog(500))
    await page.goto('/admin/blog-resources?tab=resources')
    await page.route('**/api/admin/resources', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' })
        : route.fallback(),
    )
    await page
      .getByRole('row', { name: /Family Budget Template/ })
      .getByRole('button', { name: /Edit/ })
      .click()
    await page
      .getByRole('form', { name: /Edit resource/ })
      .getByRole('button', { name: 'Save changes' })
      .click()
    await expect(banner(page)).toHaveText('Failed to update resource')

    await fulfillJson(page, '**/api/admin/blog-posts', 500, { success: false })
    await page.reload()
    await expect(page.getByRole('alert')).toHaveText('Failed to load data')
  })
})

test.describe('users and roles', () => {
  test('an admin adds a user (editor by default) and deletes one; a taken name shows the server message', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(failedResourceLog(409, '/api/admin/users'))
    await openDashboard(page)
    await page.getByRole('link', { name: 'Users', exact: true }).click()
    await expect(page.getByRole('row', { name: /editor/ }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Add user' }).click()
    const form = page.getByRole('form', { name: 'Add user' })
    await expect(form.getByLabel('Role')).toHaveValue('editor')
    await form.getByRole('button', { name: 'Create user' }).click()
    await expect(form.getByText('Username is required')).toBeVisible()
    await form.getByLabel('Username').fill('ruth')
    await form.getByLabel('Email').fill('ruth@example.com')
    await form.getByLabel('Password').fill('short')
    await form.getByRole('button', { name: 'Create user' }).click()
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible()
    await form.getByLabel('Password').fill('a long enough password')
    await form.getByRole('button', { name: 'Create user' }).click()
    await expect(banner(page)).toHaveText('User created successfully')
    const row = page.getByRole('row', { name: /ruth@example.com/ })
    await expect(row).toContainText('Editor')
    await expect(row).toContainText('Never')

    await page.getByRole('button', { name: 'Add user' }).click()
    const again = page.getByRole('form', { name: 'Add user' })
    await again.getByLabel('Username').fill('RUTH')
    await again.getByLabel('Email').fill('ruth2@example.com')
    await again.getByLabel('Password').fill('a long enough password')
    await again.getByRole('button', { name: 'Create user' }).click()
    await expect(banner(page)).toHaveText('That username is already taken')
    await again.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click()

    await row.getByRole('button', { name: /Delete/ }).click()
    await confirmDelete(page, 'ruth')
    await expect(banner(page)).toHaveText('User deleted successfully')
    await expect(page.getByRole('row', { name: /ruth@example.com/ })).toHaveCount(0)
  })

  test('an admin cannot delete their own account', async ({ page, consoleErrors, admin, server, serverURL }) => {
    consoleErrors.allow(failedResourceLog(409))
    await admin.createUser({ username: 'deputy', email: 'deputy@example.com', password: DEPUTY_PASSWORD, role: 'admin' })
    await signIn(page, server, serverURL, { username: 'deputy', password: DEPUTY_PASSWORD })
    await page.getByRole('link', { name: 'Users', exact: true }).click()
    await page
      .getByRole('row', { name: /deputy@example.com/ })
      .getByRole('button', { name: /Delete/ })
      .click()
    await confirmDelete(page, 'deputy')
    await expect(banner(page)).toHaveText('You cannot delete your own account')
  })

  test('the owner has a badge and no Delete; she hands ownership to another admin, with her password and a confirmation', async ({
    page,
    consoleErrors,
    admin,
  }) => {
    consoleErrors.allow(failedResourceLog(400))
    await admin.createUser({ username: 'deputy', email: 'deputy@example.com', password: DEPUTY_PASSWORD, role: 'admin' })
    await openDashboard(page)
    await page.getByRole('link', { name: 'Users', exact: true }).click()
    const coach = page.getByRole('row', { name: /admin@example.com/ })
    const deputy = page.getByRole('row', { name: /deputy@example.com/ })
    await expect(coach.getByText('Owner', { exact: true })).toBeVisible()
    await expect(coach.getByRole('button', { name: /Delete/ })).toHaveCount(0)
    await expect(deputy.getByText('Owner', { exact: true })).toHaveCount(0)
    await expect(deputy.getByRole('button', { name: /Delete/ })).toBeVisible()
    // Nobody resets the owner's password: she is not offered.
    await page.getByRole('button', { name: 'Reset a password' }).click()
    await expect(page.getByLabel('User').getByRole('option')).toHaveText(['Choose a user', 'editor', 'deputy'])
    await page.getByRole('form', { name: 'Reset a password' }).getByRole('button', { name: 'Cancel' }).click()

    await page.getByRole('button', { name: 'Hand ownership over' }).click()
    const form = page.getByRole('form', { name: 'Hand ownership over' })
    // Only another admin can take it over.
    await expect(form.getByLabel('New owner').getByRole('option')).toHaveText(['Choose an admin', 'deputy'])
    await form.getByLabel('New owner').selectOption({ label: 'deputy' })
    await form.getByLabel('Your password').fill('not my password')
    await form.getByRole('button', { name: 'Hand ownership over…' }).click()
    const question = page.getByRole('dialog', { name: 'Make deputy the site owner?' })
    await expect(question).toContainText('deputy can delete your account')
    await question.getByRole('button', { name: 'Keep ownership' }).click()
    await expect(question).toBeHidden()
    await expect(coach.getByText('Owner', { exact: true })).toBeVisible()

    await form.getByRole('button', { name: 'Hand ownership over…' }).click()
    await question.getByRole('button', { name: 'Hand ownership over' }).click()
    await expect(banner(page)).toHaveText('That is not your password. Ownership was not handed over.')
    await form.getByLabel('Your password').fill(DEMO_CREDENTIALS.admin.password)
    await form.getByRole('button', { name: 'Hand ownership over…' }).click()
    await question.getByRole('button', { name: 'Hand ownership over' }).click()
    await expect(banner(page)).toHaveText('deputy is now the site owner. You are still an admin.')

    await expect(deputy.getByText('Owner', { exact: true })).toBeVisible()
    await expect(deputy.getByRole('button', { name: /Delete/ })).toHaveCount(0)
    await expect(coach.getByText('Owner', { exact: true })).toHaveCount(0)
    await expect(coach.getByText('Admin', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Hand ownership over' })).toHaveCount(0)

    await page.getByRole('link', { name: 'Activity', exact: true }).click()
    await expect(page.getByText('handed ownership of the site to "deputy"')).toBeVisible()
  })

  test.describe('as editor', () => {
    test.use({ signedInAs: 'editor' })

    test('as editor, the server refuses the users list and bookings; Bookings is not offered', async ({ page, consoleErrors, server }) => {
      consoleErrors.allow(failedResourceLog(403, '/api/admin/users'))
      await openDashboard(page)
      await expect(page.locator('aside').getByText('Editor', { exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Bookings', exact: true })).toHaveCount(0)
      await page.getByRole('link', { name: 'Users', exact: true }).click()
      await expect(page.getByRole('alert')).toHaveText('Failed to load users')
      const token = await page.evaluate(() => localStorage.getItem('adminToken'))
      const refused = await server.get('/api/admin/bookings', { headers: { Authorization: `Bearer ${token}` } })
      expect(refused.status()).toBe(403)
      // Editors still manage content, posts and resources.
      await page.getByRole('link', { name: 'Blog & Resources', exact: true }).click()
      await expect(page.getByRole('tab', { name: /Blog Posts/ })).toContainText('5')
    })
  })
})

test.describe('subscribers and bookings', () => {
  test('subscribers are listed with the token, searched, and exported as CSV', async ({ page, server }) => {
    for (const email of ['ann@example.com', 'Bob@Example.com ', 'ann.lee@example.org'])
      expect(
        (await server.post('/api/subscribers', { data: { email }, headers: { 'x-nf-client-connection-ip': '203.0.113.9' } })).status(),
      ).toBe(200)
    await openDashboard(page)
    await page.getByRole('link', { name: 'Subscribers', exact: true }).click()
    await expect(page.getByRole('row', { name: /bob@example.com/ })).toBeVisible()
    await page.getByLabel('Search by email').fill('ann')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('row', { name: /@example/ })).toHaveCount(2)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d\d-\d\d\.csv$/)
    const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toBe(`"email","created_at","state","confirmed_at","stopped_at","stopped_reason","imported_by","consent_statement"`)
    expect(csv).toContain('"bob@example.com"')
  })

  test('a booking from the site appears for the admin, who marks it handled', async ({ page, server }) => {
    const booking = {
      firstName: 'Miriam',
      lastName: 'Osei',
      email: 'miriam@example.com',
      country: 'Ghana',
      message: 'Please speak at our retreat.',
    }
    expect((await server.post('/.netlify/functions/send-booking-email', { data: booking })).status()).toBe(200)
    await openDashboard(page)
    await page.getByRole('link', { name: 'Bookings', exact: true }).click()
    const row = page.getByRole('row', { name: /Miriam Osei/ })
    await expect(row).toContainText('Please speak at our retreat.')
    await expect(row).toContainText('New')
    await row.getByRole('button', { name: /Mark handled/ }).click()
    await expect(banner(page)).toHaveText('Booking marked as handled')
    await expect(page.getByRole('row', { name: /Miriam Osei/ })).toContainText('Handled')
  })

  test('the sidebar collapses to 5rem and opens to 16rem', async ({ page }) => {
    await openDashboard(page)
    const sidebar = page.locator('aside')
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256)
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80)
    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256)
  })
})
