import type { Context } from '@netlify/functions'
import { describe, expect, it, vi } from 'vitest'
import { deployOrigin, siteUrl } from '#lib/config/site-url.ts'
import { fakeContext } from '#tests/support/call.ts'

/**
 * The addresses the functions put in links and call each other at come from the platform and the
 * site's settings, never from the request (whose Host anyone can set).
 */

const deployed = (context: string, id = '65f1c0ffee0123456789abcd', name = 'faithful-finances') =>
  ({ ...fakeContext({ runtime: 'deployed' }), deploy: { context, id, published: context === 'production' }, site: { name } }) as unknown as Context

describe('siteUrl', () => {
  it("is the site's configured address, or netlify dev's own when none is set", () => {
    vi.stubEnv('URL', 'https://www.example.org/')
    expect(siteUrl()).toBe('https://www.example.org')
    vi.stubEnv('URL', '')
    expect(siteUrl()).toBe('http://localhost:8888')
  })
})

describe('deployOrigin', () => {
  it('is the address the CLI serves on, locally', () => {
    vi.stubEnv('DEPLOY_URL', 'http://localhost:8921')
    expect(deployOrigin(fakeContext())).toBe('http://localhost:8921')
  })

  it("is a deploy preview's own permalink, so the preview runs its own code", () => {
    expect(deployOrigin(deployed('deploy-preview'))).toBe('https://65f1c0ffee0123456789abcd--faithful-finances.netlify.app')
    expect(deployOrigin(deployed('branch-deploy'))).toBe('https://65f1c0ffee0123456789abcd--faithful-finances.netlify.app')
  })

  it("is the site's address in production, and without a context", () => {
    expect(deployOrigin(deployed('production'))).toBe('https://site.test.example')
    expect(deployOrigin()).toBe('https://site.test.example')
  })

  it('lets nothing but an id and a site name into the permalink', () => {
    expect(deployOrigin(deployed('deploy-preview', 'evil.example/x'))).toBe('https://site.test.example')
    expect(deployOrigin(deployed('deploy-preview', '65f1c0ffee0123456789abcd', 'evil.example#'))).toBe('https://site.test.example')
  })
})
