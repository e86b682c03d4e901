// What a served PDF's watermark says (watermark.server.ts draws it): a module of its own, so the
// pages that show the line do not load pdf-lib (decision 064).

export interface WatermarkText {
  /** E-mail of the viewer, or the label (or id) of the code that opened the document. */
  viewer: string
  /** The retailer's name, as the gates show it. */
  retailer: string
  /** The day of the view. */
  date: Date
}

/** The one line every stamp carries, e.g. "dana@circlek.com · Circle K · 2026-11-25". */
export function watermarkLine(text: WatermarkText): string {
  return `${text.viewer} · ${text.retailer} · ${text.date.toISOString().slice(0, 10)}`
}
