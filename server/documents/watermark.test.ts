import { describe, expect, it } from 'vitest'
import { makePdf, pdfPageTexts } from '../../tests/helpers/documents.ts'
import { watermarkLine, watermarkPdf } from './watermark.server.ts'

const date = new Date('2026-11-25T15:00:00Z')

describe('watermarkPdf', () => {
  it('stamps the viewer, the retailer and the date on every page, read back by PDF.js', async () => {
    const stamped = await watermarkPdf(await makePdf(3), {
      viewer: 'dana@circlek.com',
      retailer: 'Circle K',
      date,
    })
    const pages = await pdfPageTexts(stamped)
    expect(pages).toHaveLength(3)
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of Test document`)
      // Twice per page: across the middle and along the foot.
      expect(text.split('dana@circlek.com · Circle K · 2026-11-25')).toHaveLength(3)
    })
  })

  it('leaves the original untouched without the stamp', async () => {
    const pages = await pdfPageTexts(await makePdf(2))
    for (const text of pages) expect(text).not.toContain('2026-11-25')
  })

  it('writes characters the standard font lacks as "?" instead of failing', async () => {
    const stamped = await watermarkPdf(await makePdf(1), {
      viewer: 'Zoë 张 🙂 ops',
      retailer: 'Pizza Hut',
      date,
    })
    const [text] = await pdfPageTexts(stamped)
    expect(text).toContain('Zoë ? ? ops · Pizza Hut · 2026-11-25')
  })

  it('words the line the same way for screen and PDF', () => {
    expect(watermarkLine({ viewer: 'code 1a2b', retailer: 'Compass', date })).toBe(
      'code 1a2b · Compass · 2026-11-25',
    )
  })
})
