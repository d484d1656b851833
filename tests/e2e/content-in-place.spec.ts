import type { Page } from '@playwright/test'
import { DEFAULT_TEXTS } from '#domain/default-texts.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'
import { openDashboard } from '#tests/e2e/support/sign-in.ts'

/**
 * The coach edits the public pages' texts where they are listed, without knowing a section or a
 * key: the home page's title and a testimonial, seen live on the page, then one reverted.
 */
test.use({ signedInAs: 'admin' })
const home = (page: Page) => page.getByRole('region', { name: 'Home page' })
const text = (page: Page, label: string) => home(page).getByRole('article', { name: label, exact: true })

test('the home title and a testimonial are edited in place, live on the page, and the title reverted', async ({ page, context }) => {
  await openDashboard(page)
  await page.getByRole('link', { name: 'Content', exact: true }).click()
  await expect(page.getByRole('tab', { name: 'By page' })).toHaveAttribute('aria-selected', 'true')

  // The title, in its place on the home page: no section or key asked for.
  await text(page, 'Title').getByRole('button', { name: /^Edit/ }).click()
  const titleForm = page.getByRole('form', { name: 'Edit Title' })
  await expect(titleForm.getByLabel('Section')).toHaveCount(0)
  await titleForm.getByLabel('Title').fill('Money with meaning, for every family')
  await titleForm.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('.flash-text')).toHaveText('Content saved successfully')
  await expect(text(page, 'Title')).toContainText('Money with meaning, for every family')
  await expect(text(page, 'Title').getByText('Edited', { exact: true })).toBeVisible()

  // The second testimonial, as a list item.
  await text(page, 'Testimonials').getByRole('button', { name: /^Edit/ }).click()
  const listForm = page.getByRole('form', { name: 'Edit Testimonials' })
  const second = listForm.getByRole('group', { name: 'Testimonial 2' })
  await second.getByLabel('Quote').fill('We paid off our car and still gave more than ever.')
  await second.getByLabel('Name').fill('Kemi and Femi')
  await second.getByLabel('Detail (optional)').fill('')
  await second.getByRole('button', { name: /^Move up/ }).click()
  await listForm.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('.flash-text')).toHaveText('Content saved successfully')
  await expect(text(page, 'Testimonials').getByRole('listitem').first()).toContainText('Kemi and Femi')

  // Live on the public page, without a rebuild.
  const visitor = await context.newPage()
  await visitor.goto('/')
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Money with meaning, for every family')
  const quotes = visitor.getByRole('region', { name: DEFAULT_TEXTS.home.testimonialsTitle }).locator('figure')
  await expect(quotes.first()).toContainText('We paid off our car and still gave more than ever.')
  await expect(quotes.first()).toContainText('Kemi and Femi')
  await expect(quotes).toHaveCount(JSON.parse(DEFAULT_TEXTS.home.testimonials).length)

  // Revert the title: one click, the built-in text is back in the admin and on the page.
  await text(page, 'Title').getByRole('button', { name: /^Revert/ }).click()
  await expect(text(page, 'Title')).toContainText(DEFAULT_TEXTS.home.heroTitle)
  await expect(text(page, 'Title').getByText('Built-in', { exact: true })).toBeVisible()
  await expect(text(page, 'Title').getByRole('button', { name: 'Undo' })).toBeVisible()
  await visitor.reload()
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(DEFAULT_TEXTS.home.heroTitle)
  await expect(quotes.first()).toContainText('Kemi and Femi')
})
