// Agreements admin CLI: `rm5 agreements <command>` (see scripts/cli/agreements/cli.ts, or --help).
import { agreementsCommand } from './agreements/cli.ts'
import { runIfEntry } from './rm5-program.ts'

export const command = () => agreementsCommand()

runIfEntry(import.meta.url, command)
