import { describe, expect, it } from 'vitest'
import { serializeJsonLd } from './serialize-json-ld.ts'

describe('serialize-json-ld', () => {
  it('cannot close the script element or open a comment', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script><!--', note: 'a & b > c' })
    expect(out).not.toMatch(/[<>&]/)
    expect(out).toContain('\\u003c/script\\u003e')
  })

  it('round-trips to the same data', () => {
    const data = {
      '@type': 'Organization',
      name: 'RM5 <Robotics> & Co',
      line: 'a\u2028b\u2029c',
      n: 1.5,
      list: [true, null],
    }
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data)
  })
})
