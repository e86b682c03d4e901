// Data room admin CLI: `rm5 documents <command>` (see scripts/documents/cli.ts, or --help).
import { documentsCommand } from './documents/cli.ts'
import { runIfEntry } from './lib/rm5-program.ts'

export const command = () => documentsCommand()

runIfEntry(import.meta.url, command)
