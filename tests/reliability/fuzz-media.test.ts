// Property-based fuzzing of the GET APIs: /media/{bucket}/{key} paths (every encoding, dot
// segments, unicode, control characters, ranges and validators) and /api/turntable queries, FUZZ_CASES
// generated requests each (10,000 in a release, tests/helpers/fuzz.ts). Storage is up, so nothing may answer 5xx; an object is served only
// for its own exact key, whole or a true slice of it; errors keep the JSON shape and hide internals.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { randomIp } from '../helpers/form-bodies.ts'
import {
  expectNoLeak,
  expectPrototypesClean,
  FUZZ_BATCHES,
  FUZZ_CASES,
  fuzzInBatches,
} from '../helpers/fuzz.ts'

const CASES = FUZZ_BATCHES // FUZZ_CASES per endpoint: 1,000 in npm test, 10,000 in a release

const OBJECTS: Record<string, Buffer> = {
  '360/rm5_1.jpg': Buffer.from('object one: a 360 frame'),
  '360/hero/0_66.png': Buffer.from('object two: a hero frame'),
  'heros/home.jpg': Buffer.from('object three: a hero image'),
  'heros/ünï cødé #1.jpg': Buffer.from('object four: a unicode key'),
  'video/rm5-demo.m3u8': Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n'),
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  for (const [path, body] of Object.entries(OBJECTS)) {
    const [bucket, ...key] = path.split('/')
    await t.storage.client.putObject(bucket as string, key.join('/'), body, body.length)
  }
})
afterAll(async () => {
  await t?.close()
})

const segment = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'rm5_1.jpg',
      'hero',
      '0_66.png',
      'home.jpg',
      'ünï cødé #1.jpg',
      'rm5-demo.m3u8',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '.',
      '..',
      '',
      '...',
      '.%2e',
      '%2e%2e',
      '..%2f',
      '%00',
      '\\',
      'a\u0000b',
      '\r\n',
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 700 }).map((n) => 'k'.repeat(n)) },
)
const bucket = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('360', 'heros', 'Heros', 'video') },
  { weight: 1, arbitrary: fc.constantFrom('HEROS', '..', '.', '', 's3', 'rm5-360', '360%2f..') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
)
/** How a path segment is written on the wire. */
const encoding = fc.constantFrom('component', 'double', 'asciiRaw', 'upperHex')

const encode = (text: string, how: string) => {
  const once = encodeURIComponent(text)
  if (how === 'double') return encodeURIComponent(once)
  if (how === 'upperHex') return once.replace(/%[0-9a-f]{2}/g, (m) => m.toUpperCase())
  // Raw where the request line allows it, encoded elsewhere: dots and slashes reach the server as typed.
  if (how === 'asciiRaw') return /^[\x21-\x7e]*$/.test(text) && !/[?#%]/.test(text) ? text : once
  return once
}

interface MediaCase {
  method: 'GET' | 'HEAD'
  url: string
  headers: Record<string, string>
}

const mediaCase: fc.Arbitrary<MediaCase> = fc.record({
  method: fc.constantFrom('GET' as const, 'HEAD' as const),
  url: fc.oneof(
    // A stored object's own path (so ranges and validators get exercised), or anything else.
    fc
      .tuple(fc.constantFrom(...Object.keys(OBJECTS)), fc.constantFrom('component', 'upperHex', 'asciiRaw'))
      .map(
        ([path, how]) =>
          `/media/${path
            .split('/')
            .map((s) => encode(s, how))
            .join('/')}`,
      ),
    fc
      .tuple(
        bucket,
        fc.array(segment, { minLength: 0, maxLength: 4 }),
        encoding,
        fc.option(fc.string({ maxLength: 20 })),
      )
      .map(([b, segments, how, query]) => {
        const path = `/media/${encode(b, how)}/${segments.map((s) => encode(s, how)).join('/')}`
        return query === null ? path : `${path}?${encodeURIComponent(query)}`
      }),
  ),
  headers: fc.record(
    {
      range: fc.oneof(
        fc.constantFrom(
          'bytes=0-9',
          'bytes=-5',
          'bytes=5-',
          'bytes=999999-',
          'bytes=0-0,2-3',
          'bytes=9-1',
          'items=0-1',
        ),
        fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      ),
      'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"', ''),
      'if-range': fc.constantFrom('"x"', 'Wed, 21 Oct 2015 07:28:00 GMT', 'garbage'),
      'if-modified-since': fc.constantFrom(
        'Wed, 21 Oct 2015 07:28:00 GMT',
        'Thu, 01 Jan 2099 00:00:00 GMT',
        'nonsense',
      ),
    },
    { requiredKeys: [] },
  ),
})

const contents = Object.values(OBJECTS)
/** True when `body` is one stored object, or a contiguous part of one (a range). */
const isSliceOfAnObject = (body: Buffer) => contents.some((object) => object.includes(body))

describe('fuzzing the GET APIs', () => {
  it('GET/HEAD /media/{bucket}/{key}', async () => {
    const tally = new Map<number, number>()
    const sent = await fuzzInBatches(mediaCase, CASES, async (c) => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: c.headers,
        remoteAddress: randomIp(),
      })
      const what = `${c.method} ${c.url} ${JSON.stringify(c.headers)} → ${res.statusCode} ${res.body.slice(0, 200)}`
      tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1)
      expect([200, 206, 304, 400, 404, 416], what).toContain(res.statusCode)
      expectNoLeak(res.body, what)
      if (res.statusCode === 200 || res.statusCode === 206) {
        if (c.method === 'GET') {
          expect(res.rawPayload.length, what).toBeGreaterThan(0)
          expect(isSliceOfAnObject(res.rawPayload), what).toBe(true)
        }
        expect(res.headers['x-content-type-options']).toBe('nosniff')
      } else if (res.statusCode >= 400 && c.method === 'GET') {
        const json = res.json()
        expect(typeof json.error?.code, what).toBe('string')
      }
    })
    expectPrototypesClean()
    expect(sent).toBeGreaterThanOrEqual(FUZZ_CASES)
    // Objects were served: 1 % of cases or more (100 of a release's 10,000).
    expect((tally.get(200) ?? 0) + (tally.get(206) ?? 0)).toBeGreaterThan(FUZZ_CASES / 100)
    console.log(
      `fuzz /media: ${sent} cases → ${JSON.stringify(Object.fromEntries([...tally].sort()))}; no 5xx, no internals`,
    )
  }, 90_000)

  it('GET /api/turntable with any query and headers', async () => {
    const viewerCase = fc.record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant('GET' as const) },
        fc.constantFrom('HEAD' as const, 'POST' as const),
      ),
      query: fc.oneof(
        fc.constant(''),
        fc
          .dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 4 })
          .map((q) => `?${new URLSearchParams(q)}`),
        fc.constantFrom(
          '?bucket=../etc',
          '?bucket=heros&limit=-1',
          '?__proto__[x]=1',
          '?constructor[prototype][x]=1',
          `?q=${'z'.repeat(5000)}`,
        ),
      ),
      accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
    })
    const tally = new Map<number, number>()
    const sent = await fuzzInBatches(viewerCase, CASES, async (c) => {
      const res = await t.app.inject({
        method: c.method,
        url: `/api/turntable${c.query}`,
        headers: c.accept ? { accept: c.accept } : {},
        remoteAddress: randomIp(),
      })
      const what = `${c.method} /api/turntable${c.query.slice(0, 100)} → ${res.statusCode} ${res.body.slice(0, 200)}`
      tally.set(res.statusCode, (tally.get(res.statusCode) ?? 0) + 1)
      expectNoLeak(res.body, what)
      if (c.method === 'POST') {
        expect(res.statusCode, what).toBe(404)
        return
      }
      expect(res.statusCode, what).toBe(200)
      if (c.method === 'GET') {
        const listing = res.json()
        expect(listing.bucket, what).toBe('360')
        expect(Array.isArray(listing.images), what).toBe(true)
      }
    })
    expectPrototypesClean()
    expect(sent).toBeGreaterThanOrEqual(FUZZ_CASES)
    console.log(
      `fuzz /api/turntable: ${sent} cases → ${JSON.stringify(Object.fromEntries([...tally].sort()))}`,
    )
  }, 90_000)
})
