// The steps of the start's preparation (scripts/run/prepare.ts), named on the child's command line.
export const PREPARE_STEPS = ['migrate', 'demo'] as const
export type PrepareStep = (typeof PREPARE_STEPS)[number]

const FLAG = '--steps='

export const stepsArgument = (steps: readonly PrepareStep[]): string => `${FLAG}${steps.join(',')}`

/** The steps named in `argv`; every step when none is named. */
export function stepsOf(argv: readonly string[]): Set<PrepareStep> {
  const named = argv.find((arg) => arg.startsWith(FLAG))
  if (!named) return new Set(PREPARE_STEPS)
  const steps = named.slice(FLAG.length).split(',')
  for (const step of steps) {
    if (!(PREPARE_STEPS as readonly string[]).includes(step))
      throw new Error(`unknown preparation step "${step}"`)
  }
  return new Set(steps as PrepareStep[])
}
