import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib'
import { describe, expect, it } from 'vitest'
import { makePdf, pdfLinePlaces, pdfPageTexts } from '../../tests/helpers/documents.ts'
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

  it('puts both lines inside every page of mixed sizes, one drawing shared by pages of one size', async () => {
    const original = await PDFDocument.create()
    original.addPage([595, 842])
    original.addPage([842, 595])
    // A visible box that does not start at the origin: the stamp follows it.
    original.addPage([612, 792]).setCropBox(100, 150, 400, 500)
    original.addPage([595, 842])
    const stamped = await watermarkPdf(await original.save(), {
      viewer: 'dana@circlek.com',
      retailer: 'Circle K',
      date,
    })
    const places = await pdfLinePlaces(stamped, 'dana@circlek.com · Circle K · 2026-11-25')
    expect(places).toHaveLength(4)
    for (const { box, at } of places) {
      expect(at).toHaveLength(2)
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = box
      for (const [x, y] of at) {
        expect(x).toBeGreaterThanOrEqual(x1)
        expect(x).toBeLessThan(x2)
        expect(y).toBeGreaterThanOrEqual(y1)
        expect(y).toBeLessThan(y2)
      }
    }
    const drawings = (await PDFDocument.load(stamped)).getPages().map((page) => {
      const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict)
      return xobjects ? [...xobjects.values()].map(String) : []
    })
    for (const refs of drawings) expect(refs).toHaveLength(1)
    expect(drawings[3]).toEqual(drawings[0])
    expect(new Set(drawings.flat()).size).toBe(3)
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
