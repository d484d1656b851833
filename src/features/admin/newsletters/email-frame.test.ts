import { describe, expect, it } from 'vitest'
import { declarations, withoutStyles } from './email-frame'

describe('the email preview frame', () => {
  it('parks the style attributes and takes out the style blocks', () => {
    const { html, css } = withoutStyles('<html><head><style type="text/css">p{color:red}</style></head><body><p style="margin:0">Hi</p></body></html>')
    expect(html).not.toMatch(/<style|\sstyle="/)
    expect(html).toContain('data-email-style="margin:0"')
    expect(css).toBe('p{color:red}')
  })

  it('reads each declaration, quotes and parentheses included', () => {
    expect(declarations(`font-family:'Fraunces', Georgia, serif;color:#1f4d3a; background:url(a;b.png) !important;bad;`)).toEqual([
      ['font-family', `'Fraunces', Georgia, serif`, ''],
      ['color', '#1f4d3a', ''],
      ['background', 'url(a;b.png)', 'important'],
    ])
  })
})
