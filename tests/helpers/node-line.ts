import { oldestSupportedLine } from '../../scripts/run/node-line.js'

/** The oldest Node line the site supports: the major of package.json's `engines.node` (`>=<major>`). */
export function oldestNodeLine(): string {
  return String(oldestSupportedLine())
}

/** The line the image and CI run (decision 033); engines accept it and older maintained lines. */
export const PRODUCTION_NODE_LINE = '26'
