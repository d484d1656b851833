import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { session } from '#src/testing/factories.ts'
import { renderRoute } from '#src/testing/render-route.tsx'

/**
 * The admin's menu on a phone: the links wait behind a Menu button (which screen this is, named
 * beside it). The stylesheet hides the button on wider screens and the links on a phone while it
 * is closed (the browser test at 375 px looks at that); here, what the button says and does.
 */
const menuButton = () => screen.getByRole('button', { name: 'Menu' })

describe('the admin menu', () => {
  it('opens and closes from its button, names the current screen, and Escape closes it and gives the focus back', async () => {
    const { user } = await renderRoute('/admin/newsletters', { session: session({ role: 'admin' }) })
    const button = await screen.findByRole('button', { name: 'Menu' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(within(menu).getByRole('navigation', { name: 'Admin' })).toBeTruthy()
    expect(within(menu).getByRole('button', { name: /Logout/ })).toBeTruthy()
    // The screen's name, beside the button, follows the address (a newsletter's own page too).
    expect(button.previousElementSibling?.textContent).toBe('Newsletters')

    await user.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    await user.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')

    await user.click(button)
    within(menu).getByRole('link', { name: 'Content' }).focus()
    await user.keyboard('{Escape}')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
    // Escape with the menu closed leaves the focus where it is.
    within(menu).getByRole('link', { name: 'Content' }).focus()
    await user.keyboard('{Escape}')
    expect(document.activeElement).not.toBe(button)
  })

  it('closes when a link is followed, and names the screen it led to', async () => {
    const { user, currentLocation } = await renderRoute('/admin', { session: session({ role: 'admin' }) })
    await user.click(await screen.findByRole('button', { name: 'Menu' }))
    expect(menuButton().previousElementSibling?.textContent).toBe('Dashboard')
    await user.click(screen.getByRole('link', { name: 'Content' }))
    expect(currentLocation().pathname).toBe('/admin/content')
    // The screen's code loads on demand: the layout follows the address once it has drawn it.
    await waitFor(() => expect(menuButton().getAttribute('aria-expanded')).toBe('false'))
    expect(menuButton().previousElementSibling?.textContent).toBe('Content')
  })
})
