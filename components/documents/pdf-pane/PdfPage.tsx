// One page of the PDF pane: a box of the page's shape, drawn by PDF.js only while it is near
// the viewport (within a screen's height) and dropped again when it is far, so a long document
// holds a few canvases, not one per page. Drawn into a new canvas that replaces the old one when
// done, so a redraw (a new width) never flashes an empty page. Its text is in the page for
// screen readers (the canvas is a picture).
import { useEffect, useRef, useState } from 'react'
import { canvasSize } from '../../../lib/documents/canvas-size.ts'
import type { PDFDocumentProxy } from './open-pdf.ts'

const NEAR = '100% 0px'

export function PdfPage({
  number,
  total,
  pdf,
  width,
  shape,
}: {
  number: number
  total: number
  pdf: PDFDocumentProxy | null
  width: number
  shape: { width: number; height: number }
}) {
  const slot = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  const [own, setOwn] = useState<{ width: number; height: number } | null>(null)
  const [text, setText] = useState('')
  const [drawn, setDrawn] = useState(false)
  const textRead = useRef(false)

  useEffect(() => {
    const element = slot.current
    if (!element) return
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      rootMargin: NEAR,
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const target = frame.current
    if (!pdf || !target) return
    if (!near || width === 0) {
      target.replaceChildren()
      setDrawn(false)
      return
    }
    let cancelled = false
    let cancel: (() => void) | undefined
    void (async () => {
      const page = await pdf.getPage(number)
      if (cancelled) return
      const base = page.getViewport({ scale: 1 })
      setOwn({ width: base.width, height: base.height })
      // The frame's own width (the column less the page's border), in CSS pixels.
      const size = canvasSize(
        base.width,
        base.height,
        target.getBoundingClientRect().width,
        window.devicePixelRatio,
      )
      const canvas = document.createElement('canvas')
      canvas.width = size.width
      canvas.height = size.height
      canvas.className = 'pdf-pane__canvas'
      canvas.setAttribute('aria-hidden', 'true')
      const task = page.render({ canvas, viewport: page.getViewport({ scale: size.scale }) })
      cancel = () => task.cancel()
      await task.promise
      if (cancelled) return
      target.replaceChildren(canvas)
      setDrawn(true)
      if (!textRead.current) {
        textRead.current = true
        const content = await page.getTextContent()
        if (!cancelled) setText(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
      }
    })().catch((error: unknown) => {
      // A cancelled draw (scrolled away, resized) is expected; anything else leaves the page blank.
      if ((error as { name?: string }).name !== 'RenderingCancelledException')
        console.error(`Page ${number} could not be drawn`, error)
    })
    return () => {
      cancelled = true
      cancel?.()
    }
  }, [pdf, near, width, number])

  const { width: w, height: h } = own ?? shape
  return (
    <section
      ref={slot}
      className="pdf-pane__page"
      data-page={number}
      data-drawn={drawn ? '' : undefined}
      aria-label={`Page ${number} of ${total}`}
      style={{ aspectRatio: `${w} / ${h}` }}
    >
      <div ref={frame} className="pdf-pane__frame" />
      {drawn ? null : (
        <span className="pdf-pane__page-number" aria-hidden="true">
          {number}
        </span>
      )}
      {text ? <div className="visually-hidden">{text}</div> : null}
    </section>
  )
}
