// JSON-LD goes inside <script type="application/ld+json">, where the HTML parser ends the element
// at the first `</script` whatever the JSON says. Escaping `<`, `>` and `&` as \u sequences keeps
// any string (a brand name, a description) from closing the element or opening a comment, and
// U+2028/U+2029 are escaped for old JavaScript parsers. The result is still valid JSON.
const unsafe: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => unsafe[char] ?? char)
}
