import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { SiteTexts } from '#domain/content-item.ts'
import { answer, fail, gate, ok } from '#src/testing/handlers.ts'
import { renderRoute } from '#src/testing/render-route.tsx'
import { server } from '#src/testing/server.ts'
import { DEFAULT_TEXTS } from '#domain/default-texts.ts'

const BUILT_IN_BELIEFS = JSON.parse(DEFAULT_TEXTS.about.beliefs) as string[]
const BUILT_IN_SERVICES = (JSON.parse(DEFAULT_TEXTS.services.items) as { title: string }[]).map((s) => s.title)

const beliefs = () =>
  within(screen.getByRole('region', { name: 'What I believe' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

/** Opens `path` with these edited texts and waits until the edited page title shows. */
async function openWith(path: string, texts: SiteTexts, editedTitle: string) {
  server.use(...answer.content(texts))
  const view = await renderRoute(path)
  await screen.findByRole('heading', { level: 1, name: editedTitle })
  return view
}

describe('site texts', () => {
  it('shows the built-in text first, then the edited one from /api/content', async () => {
    const held = gate()
    server.use(
      http.get('/api/content', async () => {
        await held.opened
        return ok({ content: { home: { heroTitle: 'Peace with money starts here' }, site: { footerTagline: 'Edited tagline' } } })
      }),
    )
    await renderRoute('/')
    expect(await screen.findByRole('heading', { level: 1, name: DEFAULT_TEXTS.home.heroTitle })).toBeTruthy()
    expect(screen.getByText(DEFAULT_TEXTS.site.footerTagline)).toBeTruthy()
    held.open()

    expect(await screen.findByRole('heading', { level: 1, name: 'Peace with money starts here' })).toBeTruthy()
    expect(screen.queryByRole('heading', { level: 1, name: DEFAULT_TEXTS.home.heroTitle })).toBeNull()
    expect(screen.getByText('Edited tagline')).toBeTruthy()
    // Untouched keys keep their built-in text.
    expect(screen.getByText(DEFAULT_TEXTS.home.visionText)).toBeTruthy()
  })

  it('holds the site name and the footer line back, their room kept, until the texts are known', async () => {
    const held = gate()
    server.use(
      http.get('/api/content', async () => {
        await held.opened
        return ok({ content: { site: { siteName: 'Hope & Harvest', footerTagline: 'Edited tagline' } } })
      }),
    )
    await renderRoute('/')
    const banner = await screen.findByRole('banner')
    // The header's name, and the drawer's.
    for (const name of within(banner).getAllByText(DEFAULT_TEXTS.site.siteName)) expect(name.className).toMatch(/unknown/)
    expect(screen.getByText(DEFAULT_TEXTS.site.footerTagline).className).toMatch(/unknown/)
    held.open()

    for (const name of await within(banner).findAllByText('Hope & Harvest')) expect(name.className).not.toMatch(/unknown/)
    expect(screen.getByText('Edited tagline').className).not.toMatch(/unknown/)
  })

  it('keeps the built-in text for an edit that is only whitespace', async () => {
    await openWith('/about', { about: { title: 'About Coach Grace', intro: '   ' } }, 'About Coach Grace')
    expect(screen.getByText(DEFAULT_TEXTS.about.intro)).toBeTruthy()
  })

  it('falls back to the built-in list when an edited JSON list does not parse', async () => {
    await openWith('/about', { about: { title: 'About Coach Grace', beliefs: '["Unclosed list",' } }, 'About Coach Grace')
    expect(beliefs()).toEqual(BUILT_IN_BELIEFS)
  })

  it('falls back to the built-in list when the JSON holds the wrong kind of item', async () => {
    await openWith(
      '/services',
      { services: { title: 'Ways to work together', items: '[{"title":"No text here"}]' } },
      'Ways to work together',
    )
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(BUILT_IN_SERVICES)
  })

  it('uses an edited JSON list', async () => {
    await openWith(
      '/about',
      { about: { title: 'About Coach Grace', beliefs: JSON.stringify(['Give first', 'Save second']) } },
      'About Coach Grace',
    )
    expect(beliefs()).toEqual(['Give first', 'Save second'])
  })

  it('reads a list of strings written one item per line, skipping blank lines', async () => {
    await openWith(
      '/about',
      { about: { title: 'About Coach Grace', beliefs: 'Give first\n\n  Save second  \nLive on the rest\n' } },
      'About Coach Grace',
    )
    expect(beliefs()).toEqual(['Give first', 'Save second', 'Live on the rest'])
  })

  it('does not read one-per-line text as a list of titled items', async () => {
    await openWith('/services', { services: { title: 'Ways to work together', items: 'Coaching\nSpeaking' } }, 'Ways to work together')
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(BUILT_IN_SERVICES)
  })

  it('keeps the built-in texts and only logs a warning when the texts cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.get('/api/content', () => fail(500)))
    await renderRoute('/about')
    expect(await screen.findByRole('heading', { level: 1, name: DEFAULT_TEXTS.about.title })).toBeTruthy()
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load site texts; using the built-in ones.', expect.anything()))
    expect(beliefs()).toEqual(BUILT_IN_BELIEFS)
  })
})
