// Data room admin CLI: `rm5 documents <command>` (see scripts/cli/documents/cli.ts, or --help).
import { documentsCommand } from './documents/cli.ts'
import { runIfEntry } from './rm5-program.ts'

export const command = () => documentsCommand()

runIfEntry(import.meta.url, command)
