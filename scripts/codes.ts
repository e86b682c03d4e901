// Access codes admin CLI: `rm5 codes <command>` (see scripts/codes/cli.ts, or --help).
// Talks to DATABASE_URL, or to the embedded Postgres in DATA_DIR, attaching to the running
// server's when `npm start` is up.
import { runCodesCli } from './codes/cli.ts'

runCodesCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code
})
