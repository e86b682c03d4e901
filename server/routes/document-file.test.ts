import { describe, expect, it } from 'vitest'
import { inlineDisposition } from './document-file.server.ts'

describe('inlineDisposition', () => {
  it('names the file after the title, inline', () => {
    expect(inlineDisposition('Q3 deck')).toBe(
      `inline; filename="Q3 deck.pdf"; filename*=UTF-8''Q3%20deck.pdf`,
    )
  })

  it('keeps header syntax out of the ASCII name and the title whole in filename*', () => {
    const header = inlineDisposition('Plan "final"; v2\\x / Café ☕')
    expect(header).toMatch(/^inline; filename="[^"\\;/%]*\.pdf"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/)
    expect(header).toContain('filename="Plan _final__ v2_x _ Cafe.pdf"')
    expect(decodeURIComponent(header.split("''")[1] as string)).toBe('Plan "final"; v2\\x / Café ☕.pdf')
  })

  it('has a name even for a title with nothing ASCII in it', () => {
    expect(inlineDisposition('提案')).toContain('filename="document.pdf"')
  })
})
