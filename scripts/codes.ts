// Access codes admin CLI: `rm5 codes <command>` (see scripts/codes/cli.ts, or --help).
import { codesCommand } from './codes/cli.ts'
import { runIfEntry } from './lib/rm5-program.ts'

export const command = () => codesCommand()

runIfEntry(import.meta.url, command)
