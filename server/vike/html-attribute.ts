// The value of a double-quoted attribute in one tag of our own rendered HTML (React and Vike
// always quote with "), for the head rewrites of decisions 009 and 011. Not an HTML parser.
export function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
}
