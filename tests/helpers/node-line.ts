import packageJson from '../../package.json' with { type: 'json' }

/** The supported Node line: the major of package.json's `engines.node` (`>=<major>`), what CI and the image run (decision 033). */
export function supportedNodeLine(): string {
  const line = /^>=(\d+)$/.exec(packageJson.engines.node)?.[1]
  if (!line) throw new Error(`engines.node must read ">=<major>", not ${packageJson.engines.node}`)
  return line
}
