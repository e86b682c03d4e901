// Data room admin CLI: `rm5 documents <command>` (see scripts/cli/documents/cli.ts, or --help).
import type { CliOutput } from '../lib/cli.ts'
import { documentsCommand } from './documents/cli.ts'

export const command = (output?: CliOutput) => documentsCommand(output)
