// Access codes admin CLI: `rm5 codes <command>` (see scripts/cli/codes/cli.ts, or --help).
import { codesCommand } from './codes/cli.ts'
import { runIfEntry } from './rm5-program.ts'

export const command = () => codesCommand()

runIfEntry(import.meta.url, command)
