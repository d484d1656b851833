import type { Locator } from '@playwright/test'
import { expect, test } from '#tests/e2e/support/fixtures.ts'

/**
 * Card grids never leave one card alone on its last row, whatever the count: three to a row on
 * wide screens, two on medium ones, with the last rows balanced. Checked on the live pages with the
 * demo's five services, and with resource lists of every count from one to seven.
 */
async function rows(list: Locator): Promise<number[][]> {
  const boxes = await list
    .locator(':scope > li')
    .evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), width: Math.round(r.width) })),
    )
  const byTop = new Map<number, number[]>()
  for (const box of boxes) byTop.set(box.top, [...(byTop.get(box.top) ?? []), box.width])
  return [...byTop.values()]
}

const shape = (widths: number[][]) => widths.map((row) => row.length)

test('the five services: a row of three, then a row of two that fills the width', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/services')
  const list = page.locator('main ul.grid-3').first()
  await expect(list.locator(':scope > li')).toHaveCount(5)
  const widths = await rows(list)
  expect(shape(widths)).toEqual([3, 2])
  // The row of two spans the same width as the row of three.
  const span = (row: number[]) => row.reduce((sum, width) => sum + width, 0)
  expect(Math.abs(span(widths[1]!) - span(widths[0]!))).toBeLessThan(40)
})

for (const { width, expected } of [
  { width: 1280, expected: { 1: [1], 2: [2], 3: [3], 4: [2, 2], 5: [3, 2], 6: [3, 3], 7: [3, 2, 2] } },
  { width: 800, expected: { 1: [1], 2: [2], 3: [2, 1], 4: [2, 2], 5: [2, 2, 1], 6: [2, 2, 2], 7: [2, 2, 2, 1] } },
] as const) {
  test(`resource cards at ${width} px: no card alone on a row unless it fills the row`, async ({ page, admin }) => {
    await page.setViewportSize({ width, height: 900 })
    await admin.deleteAllResources()
    for (let count = 1; count <= 7; count++) {
      await admin.createResource({
        title: `Guide ${count}`,
        description: 'A short guide.',
        type: 'guide',
        fileUrl: 'https://files.example.com/guide.pdf',
      })
      await page.goto('/resources')
      const list = page.getByRole('list', { name: 'Resources' })
      await expect(list.locator(':scope > li')).toHaveCount(count)
      const widths = await rows(list)
      expect(shape(widths), `${count} cards`).toEqual([...expected[count as keyof typeof expected]])
      // A card alone on its row (two to a row, odd counts) takes the whole row.
      const last = widths.at(-1)!
      if (count > 1 && last.length === 1) expect(last[0]!).toBeGreaterThan(widths[0]![0]! * 1.8)
    }
  })
}
