// Agreements admin CLI: `rm5 agreements <command>` (see scripts/cli/agreements/cli.ts, or --help).
import type { CliOutput } from '../lib/cli.ts'
import { agreementsCommand } from './agreements/cli.ts'

export const command = (output?: CliOutput) => agreementsCommand(output)
