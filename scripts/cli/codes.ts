// Access codes admin CLI: `rm5 codes <command>` (see scripts/cli/codes/cli.ts, or --help).
import type { CliOutput } from '../lib/cli.ts'
import { codesCommand } from './codes/cli.ts'

export const command = (output?: CliOutput) => codesCommand(output)
