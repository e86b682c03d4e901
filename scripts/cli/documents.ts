// Data room admin CLI: `rm5 documents <command>` (see scripts/cli/documents/cli.ts, or --help).
import { documentsCommand } from './documents/cli.ts'

export const command = () => documentsCommand()
