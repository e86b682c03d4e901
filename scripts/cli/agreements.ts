// Agreements admin CLI: `rm5 agreements <command>` (see scripts/cli/agreements/cli.ts, or --help).
import { agreementsCommand } from './agreements/cli.ts'

export const command = () => agreementsCommand()
