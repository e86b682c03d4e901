// Rewrites a rendered page so its app scripts load after the hero image has painted (decision
// 011). Vike asks for the entry script and a modulepreload of every chunk (~92 KB gzip of React,
// react-dom and the router) at once; on a phone link they share the bandwidth with the hero image
// that is the page's largest paint. Instead, one small module (renderer/app-start/) fetches the
// same scripts once the hero has painted, at the visitor's first input, or shortly after load.
// Pure, like first-paint-html.ts: applied at build to pre-rendered pages and to on-demand renders.

import { attribute, isImagePreload } from './html-attribute'

/** Where the built starter lives: dist/client/assets/static/app-start.<hash>.js. */
export const APP_START_PREFIX = '/assets/static/app-start.'

/** The starter's URL path among the built files' URL paths, if the build wrote one. */
export function findAppStart(urlPaths: Iterable<string>): string | undefined {
  for (const urlPath of urlPaths)
    if (urlPath.startsWith(APP_START_PREFIX) && urlPath.endsWith('.js')) return urlPath
  return undefined
}

const LINK_TAG = /<link\b[^>]*>/g
const MODULE_SCRIPT = /<script\b[^>]*>\s*<\/script>/g

/** The hero preload the page head carries (`fetchpriority=high`, as="image"). */
function hasHeroPreload(head: string): boolean {
  return (head.match(LINK_TAG) ?? []).some(
    (tag) => isImagePreload(tag) && attribute(tag, 'fetchpriority')?.toLowerCase() === 'high',
  )
}

function isModulePreload(tag: string): boolean {
  return attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href')?.startsWith('/') === true
}

/** The built files a script imports statically, by URL path (server/vike/static-imports.ts). */
export type ImportsOf = (src: string) => readonly string[]

/**
 * The scripts in the order their modules can run one by one: every module after the ones it
 * imports. The starter imports them in this order, one task each, instead of evaluating the whole
 * app (~100 ms on a slow phone) in one long task that blocks input.
 */
export function dependenciesFirst(srcs: readonly string[], importsOf: ImportsOf): string[] {
  const ordered: string[] = []
  const seen = new Set<string>()
  const visit = (src: string) => {
    if (seen.has(src)) return
    seen.add(src)
    for (const imported of importsOf(src)) visit(imported)
    ordered.push(src)
  }
  for (const src of srcs) visit(src)
  return ordered
}

/**
 * Swaps Vike's entry script and modulepreload links for the starter. Pages without a hero
 * preload, or with no chunks to preload (HTML-only pages ship 0.8 KB), are returned unchanged.
 */
export function startAppAfterHero(html: string, appStart: string, importsOf: ImportsOf = () => []): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd === -1 || !hasHeroPreload(html.slice(0, headEnd))) return html
  const entries = (html.match(MODULE_SCRIPT) ?? []).filter(
    (tag) => attribute(tag, 'type') === 'module' && attribute(tag, 'src')?.startsWith('/'),
  )
  const preloads = (html.match(LINK_TAG) ?? []).filter(isModulePreload)
  const entryTag = entries[0]
  const entry = entryTag && attribute(entryTag, 'src')
  if (entries.length !== 1 || !entryTag || !entry || preloads.length === 0) return html
  const hrefs = dependenciesFirst(
    preloads.map((tag) => attribute(tag, 'href') ?? ''),
    importsOf,
  ).filter((href) => href && href !== entry)
  const starter = `<script src="${appStart}" type="module" data-app-entry="${entry}" data-app-preload="${hrefs.join(' ')}"></script>`
  let rewritten = html.replace(entryTag, starter)
  for (const tag of preloads) rewritten = rewritten.replace(new RegExp(`[ \\t]*${escapeRegExp(tag)}\\n?`), '')
  return rewritten
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
