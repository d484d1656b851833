import { axeViolations } from '#tests/e2e/support/axe.ts'
import { expect, test } from '#tests/e2e/support/fixtures.ts'

/**
 * Removing a subscriber by hand (an erasure request) and clearing a stop, in the browser against the
 * real functions: each asks first in a dialog naming the address. What each erases or changes in
 * storage, the history and who may do it are function tests (tests/functions/admin-subscriber-erase.test.ts).
 */

test.use({ signedInAs: 'admin' })

test('an admin clears the stop of a bounced subscriber, then removes another at their request', async ({ page, server, admin }) => {
  await admin.importConfirmed(['ruth.remove@example.com', 'boaz.bounced@example.com'], 'They signed up on paper at the March workshop.')
  // What SendGrid's webhook would report, applied by the same rules (a local run's stand-in).
  const bounced = await server.post('/api/dev/mail-events', {
    data: { events: [{ email: 'boaz.bounced@example.com', event: 'bounce', type: 'bounce', reason: '550 5.1.1 no such user' }] },
  })
  expect(await bounced.json()).toEqual({ success: true, stopped: 1 })

  await page.goto('/admin/subscribers')
  const boaz = page.getByRole('row', { name: /boaz\.bounced@example\.com/ })
  await expect(boaz).toContainText('Bounced: 550 5.1.1 no such user')
  await boaz.getByRole('button', { name: 'Clear stop boaz.bounced@example.com' }).click()
  const clear = page.getByRole('dialog', { name: 'Send email to this address again?' })
  await expect(clear).toContainText('Email to boaz.bounced@example.com was stopped (“Bounced: 550 5.1.1 no such user”).')
  expect(await axeViolations(page)).toEqual([])
  await clear.getByRole('button', { name: 'Clear stop' }).click()
  await expect(page.getByText('boaz.bounced@example.com can receive email again.')).toBeVisible()
  await expect(boaz).toContainText('Confirmed')
  await expect(boaz.getByRole('button', { name: /Clear stop/ })).toHaveCount(0)

  const ruth = page.getByRole('row', { name: /ruth\.remove@example\.com/ })
  await ruth.getByRole('button', { name: 'Remove ruth.remove@example.com' }).click()
  const remove = page.getByRole('dialog', { name: 'Remove subscriber?' })
  await expect(remove).toContainText('Remove ruth.remove@example.com and everything kept about them?')
  // The safe answer has the focus: Enter keeps them.
  await expect(remove.getByRole('button', { name: 'Keep' })).toBeFocused()
  await remove.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('ruth.remove@example.com has been removed, with everything kept about them.')).toBeVisible()
  await expect(ruth).toHaveCount(0)
  expect((await admin.subscribers()).map((subscriber) => subscriber.email)).toEqual(['boaz.bounced@example.com'])
})
