#!/usr/bin/env node
// `rm5 <command> [options]`: the admin commands in one entry, safe to script. Standard output
// carries only a command's own output (tables, JSON, CSV, a new code); notes, progress and errors
// go to standard error. Exit status: 0 success, 1 failure, 2 usage error.
// Each command is a TypeScript module under scripts/, run through tsx (a production dependency),
// so this works the same in a checkout (`npx rm5 …`) and in the Docker image (`rm5 …` on PATH).
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

const COMMANDS = {
  codes: 'Access codes of the partner gates: generate, set, list, revoke, attempts, activity, notify',
  applications: 'Retailer applications from /apply: list, export, delete',
  contact: 'Contact messages from /contact: list, export, delete',
  notifications: 'Notifications outbox: list, retry',
  media: 'Media storage: upload, list, delete, clear --demo, backup, restore, demo',
  db: 'Database: migrate, status, new',
}

const HELP = `Usage: rm5 <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, about]) => `  ${name.padEnd(14)}${about}`)
  .join('\n')}

Run "rm5 <command> --help" for a command's options.
Configuration comes from the environment (see the README), as for the server: DATABASE_URL or
DATABASE_HOST…, S3_*, DATA_DIR; a .env file in the project root is read too.`

const [command, ...rest] = process.argv.slice(2)
if (command === undefined) {
  process.stderr.write(`${HELP}\n`)
  process.exit(2)
}
if (command === '--help' || command === '-h' || command === 'help') {
  process.stdout.write(`${HELP}\n`)
  process.exit(0)
}
if (!Object.hasOwn(COMMANDS, command)) {
  const near = Object.keys(COMMANDS).find((name) => name.startsWith(command.slice(0, 2)))
  process.stderr.write(`rm5: unknown command "${command}".${near ? ` Did you mean "${near}"?` : ''}\n`)
  process.stderr.write('Run "rm5 --help" for the list of commands.\n')
  process.exit(2)
}

// The command module reads its arguments from process.argv.slice(2), as when run by npm.
process.argv.splice(2, process.argv.length - 2, ...rest)
register()
await import(fileURLToPath(new URL(`../scripts/${command}.ts`, import.meta.url)))
