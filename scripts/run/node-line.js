// The Node line the site runs on (package.json `engines`), checked before anything else loads:
// an older Node fails far from its cause (it cannot load the TypeScript helpers `npm start` reads,
// and the native packages are built for newer lines), so the commands people start first say so
// in one line instead. Plain JavaScript, so any Node can run it.
import { readFileSync } from 'node:fs'

const packageJson = new URL('../../package.json', import.meta.url)

/** The oldest major line `engines.node` (">=N") accepts. */
export function oldestSupportedLine(engines = JSON.parse(readFileSync(packageJson, 'utf8')).engines) {
  const match = />=\s*(\d+)/.exec(engines?.node ?? '')
  if (!match) throw new Error(`package.json engines.node is not ">=N": ${engines?.node}`)
  return Number(match[1])
}

/** Why `version` (e.g. process.version) cannot run the site, or undefined when it can. */
export function unsupportedNode(version, oldest = oldestSupportedLine()) {
  const major = Number(/^v?(\d+)/.exec(version)?.[1])
  if (major >= oldest) return undefined
  return `The RM5 site needs Node ${oldest} or later (package.json "engines"); this is Node ${version}. Install Node ${oldest} or a newer line (https://nodejs.org) and run the command again.`
}

/** Exits with that message when this Node cannot run the site. */
export function requireSupportedNode() {
  const problem = unsupportedNode(process.version)
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
}
