// The value of a double-quoted attribute in one tag of our own rendered HTML (React and Vike
// always quote with "), for the head rewrites of decisions 009 and 011. Not an HTML parser.
export function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
}

/** `<link rel="preload" as="image">`: the LCP image preload (decisions 006, 009, 011). */
export function isImagePreload(tag: string): boolean {
  return attribute(tag, 'rel') === 'preload' && attribute(tag, 'as') === 'image'
}
