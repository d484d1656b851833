import { describe, expect, it } from 'vitest'
import { imageSrc, imageSrcSet, sizedImage } from './image-src'

describe('site pictures in sizes', () => {
  it('sends the site’s own pictures through the Image CDN at each width, the address encoded', () => {
    expect(imageSrc('/media/abc/grace portrait.webp', 640)).toBe('/.netlify/images?url=%2Fmedia%2Fabc%2Fgrace%20portrait.webp&w=640')
    expect(imageSrcSet('/media/abc/a.png', [320, 640])).toBe(
      '/.netlify/images?url=%2Fmedia%2Fabc%2Fa.png&w=320 320w, /.netlify/images?url=%2Fmedia%2Fabc%2Fa.png&w=640 640w',
    )
    expect(sizedImage('/media/abc/a.png', [320, 640, 960], '50vw')).toEqual({
      src: '/.netlify/images?url=%2Fmedia%2Fabc%2Fa.png&w=640',
      srcSet: imageSrcSet('/media/abc/a.png', [320, 640, 960]),
      sizes: '50vw',
    })
  })

  it('leaves outside addresses, protocol-relative ones and drawings as they are', () => {
    for (const url of ['https://cdn.example.com/a.jpg', '//evil.example/a.jpg', '/images/emergency-fund.svg', '/a.SVG?v=2']) {
      expect(imageSrc(url, 640)).toBe(url)
      expect(sizedImage(url, [320, 640], '50vw')).toEqual({ src: url })
    }
  })
})
