import packageJson from '../../package.json' with { type: 'json' }

/** The oldest Node line the site supports: the major of package.json's `engines.node` (`>=<major>`). */
export function oldestNodeLine(): string {
  const line = /^>=(\d+)$/.exec(packageJson.engines.node)?.[1]
  if (!line) throw new Error(`engines.node must read ">=<major>", not ${packageJson.engines.node}`)
  return line
}

/** The line the image and CI run (decision 033); engines accept it and older maintained lines. */
export const PRODUCTION_NODE_LINE = '26'
