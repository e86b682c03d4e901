import { describe, expect, it } from 'vitest'
import { contentTypeFor, extensionOf } from './content-type.server.ts'

describe('contentTypeFor', () => {
  it.each([
    ['rm5_1.jpg', 'image/jpeg'],
    ['A/B.JPEG', 'image/jpeg'],
    ['hero/0_66.png', 'image/png'],
    ['x.webp', 'image/webp'],
    ['x.avif', 'image/avif'],
    ['logo.svg', 'image/svg+xml'],
    ['anim.json', 'application/json; charset=utf-8'],
    ['rm5-demo.m3u8', 'application/vnd.apple.mpegurl'],
    ['rm5-demo/seg_000.ts', 'video/mp2t'],
    ['rm5-demo/high.mp4', 'video/mp4'],
    ['init/1.m4s', 'video/iso.segment'],
    ['captions.vtt', 'text/vtt; charset=utf-8'],
    ['README', 'application/octet-stream'],
    ['.hidden', 'application/octet-stream'],
    ['dir.jpg/file', 'application/octet-stream'],
  ])('%s → %s', (key, type) => {
    expect(contentTypeFor(key)).toBe(type)
  })

  it('takes the extension of the last segment only', () => {
    expect(extensionOf('a.b/c.PNG')).toBe('png')
    expect(extensionOf('a.b/c')).toBe('')
  })
})
