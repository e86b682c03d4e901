import { describe, expect, it } from 'vitest'
import { buildMediaUrl, heroImageUrl, mediaUrl } from './media.ts'

describe('media URLs', () => {
  it('uses the logical bucket name on our own /media route', () => {
    expect(buildMediaUrl('', 'Heros', 'home.jpg')).toBe('/media/Heros/home.jpg')
    expect(buildMediaUrl('', '360', 'hero/0_66.png')).toBe('/media/360/hero/0_66.png')
  })

  it('uses the physical (lowercase) bucket name under MEDIA_PUBLIC_URL', () => {
    expect(buildMediaUrl('https://cdn.example.com/rm5', 'Heros', 'home.jpg')).toBe(
      'https://cdn.example.com/rm5/heros/home.jpg',
    )
    expect(buildMediaUrl('https://cdn.example.com', 'video', 'rm5-demo/poster.jpg')).toBe(
      'https://cdn.example.com/video/rm5-demo/poster.jpg',
    )
  })

  it('encodes each key segment but keeps folders', () => {
    expect(buildMediaUrl('', '360', 'a b/c#d.png')).toBe('/media/360/a%20b/c%23d.png')
  })

  it('defaults to /media when MEDIA_PUBLIC_URL is not set', () => {
    expect(mediaUrl('360', 'rm5_1.jpg')).toBe('/media/360/rm5_1.jpg')
    expect(heroImageUrl('careers')).toBe('/media/Heros/careers.jpg')
  })
})
