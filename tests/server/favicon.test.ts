// /favicon.ico, which browsers and crawlers ask for by themselves: the site's icon, made by the
// build from public/favicon.svg (scripts/run/build/favicon.ts), served as a built file.
import { describe, expect, it } from 'vitest'
import { productionAppForFile } from '../helpers/production-app.ts'

const t = productionAppForFile()

describe('/favicon.ico', () => {
  it('is the site icon at 16, 32 and 48 px, an hour fresh like the other stable files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/)
    expect(res.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400')
    const ico = res.rawPayload
    // ICONDIR: reserved 0, type 1 (icon), then the number of images; each entry starts with its
    // width and height (one byte each).
    expect(ico.readUInt16LE(0)).toBe(0)
    expect(ico.readUInt16LE(2)).toBe(1)
    const count = ico.readUInt16LE(4)
    const sizes = Array.from({ length: count }, (_, n) => [ico[6 + n * 16], ico[7 + n * 16]])
    expect(sizes).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ])
  })
})
