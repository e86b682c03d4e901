// Partners admin CLI: `rm5 partners <command>` (see scripts/cli/partners/cli.ts, or --help).
import { partnersCommand } from './partners/cli.ts'

export const command = () => partnersCommand()
