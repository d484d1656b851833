import { describe, expect, it, vi } from 'vitest'
import * as outboxView from '#dev-functions/dev-outbox-view.ts'
import { outbox } from '#lib/data/outbox.ts'
import { useBlobsServer } from '#tests/support/blobs-server.ts'
import { fakeContext, TEST_ORIGIN } from '#tests/support/call.ts'

useBlobsServer()

const view = () => outboxView.default(new Request(new URL('/api/dev/outbox/view', TEST_ORIGIN)), fakeContext())

describe('GET /api/dev/outbox/view', () => {
  it('draws each email newest first, its HTML part in a sandboxed frame, everything escaped, under a policy without scripts', async () => {
    vi.stubEnv('DEMO_SEED', 'true')
    await outbox.put({ to: 'first@test.example', from: 'coach@test.example', subject: 'First', text: 'Plain one' })
    await outbox.put({
      to: 'second@test.example',
      from: 'coach@test.example',
      subject: 'Second <b>bold</b>',
      text: 'Text with </pre><script>alert(1)</script>',
      html: '<p style="color:red">Hi "there"</p><script>alert(2)</script>',
      headers: {
        'List-Unsubscribe': '<https://site.test/api/unsubscribe?token=a&b=1>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })

    const response = await view()
    const page = await response.text()

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).not.toContain('script-src')
    expect(page.indexOf('Second')).toBeLessThan(page.indexOf('First'))
    expect(page).not.toContain('<script>')
    expect(page).not.toContain('<b>bold</b>')
    expect(page).toContain('<iframe sandbox="" srcdoc="&lt;p style=&quot;color:red&quot;&gt;Hi &quot;there&quot;&lt;/p&gt;&lt;script&gt;')
    expect(page).toContain('<dt>List-Unsubscribe</dt><dd>&lt;https://site.test/api/unsubscribe?token=a&amp;b=1&gt;</dd>')
    expect(page).toContain('<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>')
    // An email without an HTML part has no frame.
    expect(page.match(/<iframe/g)).toHaveLength(1)
  })

  it('is not there unless the development tools are on', async () => {
    vi.stubEnv('DEMO_SEED', '')
    const response = await view()
    expect(response.status).toBe(404)
  })
})
