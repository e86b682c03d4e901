// Rewrites a rendered page's <head> for the first paint (decision 009). Vike links one stylesheet
// per imported CSS file (ten on the home page); each is a render-blocking request that, on a phone
// link, queues in front of the hero image. The built CSS is small (~12 KB gzip for the whole
// site), so a page carries its own rules in one <style> and the LCP image preload goes before
// the font preload. Applied to pre-rendered files at build time and to on-demand renders, so
// both answer the same bytes. Pure: the caller says where a stylesheet's text comes from.
//
// Each inlined link stays in the head as `<link rel="stylesheet" href="…" disabled>`: a disabled
// stylesheet is never fetched, but Vite's preload helper (which loads a page's CSS before running
// the page's code, at hydration and when a component loads lazily) counts it as present. Without
// it the browser downloads every inlined file again and hydration waits for them.

import { type ImportsOf, startAppAfterHero } from './app-start-html'
import { attribute, isImagePreload } from './html-attribute'

/** The text of a built stylesheet by its URL path, or undefined when it is not ours. */
export type StylesheetText = (href: string) => string | undefined

const LINK_TAG = /<link\b[^>]*>\s*/g

function isStylesheet(tag: string): boolean {
  // A disabled link is one this function already inlined (or one that never applies).
  return attribute(tag, 'rel')?.toLowerCase() === 'stylesheet' && !/\sdisabled\b/i.test(tag)
}

/** Puts the head's stylesheets in one <style> at the first link's place, links disabled. */
export function inlineStylesheets(html: string, textOf: StylesheetText): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd === -1) return html
  const head = html.slice(0, headEnd)
  const rules: string[] = []
  let firstAt = -1
  const rewritten = head.replace(LINK_TAG, (tag, offset: number) => {
    if (!isStylesheet(tag)) return tag
    const href = attribute(tag, 'href')
    const text = href?.startsWith('/') ? textOf(href) : undefined
    // Unknown or unsafe to embed: keep the link (a `</style` would end the element early).
    if (text === undefined || /<\/style/i.test(text)) return tag
    if (firstAt === -1) firstAt = offset
    rules.push(text.trim())
    return `<link rel="stylesheet" href="${href}" disabled>\n`
  })
  if (rules.length === 0) return html
  const style = `<style>${rules.join('\n')}</style>\n`
  // Offsets after the first removed link shift, but the first one's own offset is unchanged.
  return rewritten.slice(0, firstAt) + style + rewritten.slice(firstAt) + html.slice(headEnd)
}

function isFontPreload(tag: string): boolean {
  return attribute(tag, 'rel') === 'preload' && attribute(tag, 'as') === 'font'
}

/** Moves the image preload (the LCP image) in front of the font preloads: text paints with the
 * fallback face under font-display: swap, the hero image has nothing to fall back on. */
export function preloadImageFirst(html: string): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd === -1) return html
  const head = html.slice(0, headEnd)
  const tags = head.match(LINK_TAG) ?? []
  const image = tags.find(isImagePreload)
  const firstFont = tags.find(isFontPreload)
  if (!image || !firstFont || head.indexOf(image) < head.indexOf(firstFont)) return html
  const withoutImage = head.replace(image, '')
  const fontAt = withoutImage.indexOf(firstFont)
  return withoutImage.slice(0, fontAt) + image + withoutImage.slice(fontAt) + html.slice(headEnd)
}

/** What a page's rewrite needs from the build: stylesheet texts and the starter's URL path. */
export interface BuiltAssets {
  stylesheetText: StylesheetText
  /** Undefined for a build without the starter: Vike's scripts are then left as they are. */
  appStart?: string
  /** Static imports of each built script, to order the starter's imports. */
  importsOf?: ImportsOf
}

export function firstPaintHtml(html: string, { stylesheetText, appStart, importsOf }: BuiltAssets): string {
  const styled = preloadImageFirst(inlineStylesheets(html, stylesheetText))
  return appStart ? startAppAfterHero(styled, appStart, importsOf) : styled
}
