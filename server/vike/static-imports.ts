// The modules a built (minified) JavaScript file imports statically: `import"./x.js"` and
// `from"./x.js"`; `import("./x.js")` (lazy) has a paren and is not matched. Used to order the
// starter's imports (decision 011) and to measure first-load JS (scripts/bench/first-load.ts).
import path from 'node:path'

const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["'](\.{1,2}\/[^"']+\.js)["']/g

/** URL paths of the files `source` (the text of the file at URL path `src`) imports statically. */
export function staticImportsOf(src: string, source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(STATIC_IMPORT))
    if (match[1]) found.push(path.posix.join(path.posix.dirname(src), match[1]))
  return found
}

/** staticImportsOf over built files by URL path, each file read and scanned once, when first asked. */
export function importsReader(textOf: (src: string) => string | undefined): (src: string) => string[] {
  const known = new Map<string, string[]>()
  return (src) => {
    let found = known.get(src)
    if (!found) {
      const text = textOf(src)
      found = text === undefined ? [] : staticImportsOf(src, text)
      known.set(src, found)
    }
    return found
  }
}
