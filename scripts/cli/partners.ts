// Partners admin CLI: `rm5 partners <command>` (see scripts/cli/partners/cli.ts, or --help).
import type { CliOutput } from '../lib/cli.ts'
import { partnersCommand } from './partners/cli.ts'

export const command = (output?: CliOutput) => partnersCommand(output)
