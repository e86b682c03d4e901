// `rm5 <command>`: every admin command under one program (bin/rm5.js). Only the command being
// run is loaded, since some pull in Prisma, argon2 or the storage client; the others are listed
// by their summary, which is all the list and the "did you mean" suggestions need.
import { Command } from 'commander'
import { VERSION } from '../../server/version.server.ts'
import { type CliOutput, exitAfterOutput, runMain, stdio } from '../lib/cli.ts'
import { CliError, errorLine } from '../lib/cli-error.ts'
import { loadDotenv } from '../lib/dotenv.ts'
import { exitOnInterrupt } from '../lib/interrupt.ts'

interface CommandModule {
  /** The command, writing to `output` where it takes one (tests run commands in their process). */
  command(output?: CliOutput): Command
}

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  partners: {
    summary: 'Partners and their gates /<slug>: add, list, set, remove',
    load: () => import('./partners.ts'),
  },
  codes: {
    summary:
      'Access codes of the gates: generate, set, list, revoke, attempts, activity, notify, require-email, deny',
    load: () => import('./codes.ts'),
  },
  applications: {
    summary: 'Retailer applications from /apply: list, export, delete',
    load: () => import('./applications.ts'),
  },
  contact: {
    summary: 'Contact messages from /contact: list, export, delete',
    load: () => import('./contact.ts'),
  },
  notifications: { summary: 'Notifications outbox: list, retry', load: () => import('./notifications.ts') },
  media: {
    summary: 'Media storage: upload, list, delete, clear --demo, backup, restore, demo',
    load: () => import('./media.ts'),
  },
  documents: {
    summary: "Retailers' documents (the data room): add, list, replace, set, remove, activity",
    load: () => import('./documents.ts'),
  },
  agreements: {
    summary: 'Agreements viewers accept before documents: set, clear, list',
    load: () => import('./agreements.ts'),
  },
  viewers: {
    summary: 'Data-room viewers: list, revoke, show what is held, delete it on request',
    load: () => import('./viewers.ts'),
  },
  admins: {
    summary: 'People who may sign in to the admin console: add, set, list, remove, link',
    load: () => import('./admins.ts'),
  },
  analytics: {
    summary: 'Visitors of the public site, counted without cookies: summary, pages, sources, goals',
    load: () => import('./analytics.ts'),
  },
  db: { summary: 'Database: migrate, wait, status, new', load: () => import('./db.ts') },
}

export function rootProgram(): Command {
  return new Command('rm5')
    .version(VERSION, '-V, --version', 'Print the release (semantic version) and exit')
    .usage('<command> [options]')
    .description(
      `The admin commands of the site, safe to script: standard output carries only a command's own
output (tables, JSON, CSV, a new code); notes, progress and errors go to standard error.`,
    )
    .addHelpText(
      'after',
      `
Run "rm5 <command> --help" for a command's options.
Configuration comes from the environment (docs/configuration.md), as for the server: DATABASE_URL or
DATABASE_HOST…, S3_*, DATA_DIR; a .env file in the working directory is read too (a variable
already set wins), as \`npm start\` reads it in the project root.`,
    )
    .addHelpText(
      'afterAll',
      `
Exit status: 0 on success, 1 when the command fails, 2 for a usage error or unreachable storage,
130 when interrupted.`,
    )
}

/** The command `argv` names (`rm5 codes list`, `rm5 help codes`: codes), if any. */
function namedCommand(argv: string[]): string | undefined {
  const [first, second] = argv.filter((arg) => !arg.startsWith('-'))
  return first === 'help' ? second : first
}

/**
 * The program for `argv`, with the command it names loaded. Throws an EnvError when the site
 * config is bad: every command checks it by the server's schema, whether or not it reads it, so a
 * SITE_URL the server refuses is refused by all of them alike.
 */
export async function rm5Program(argv: string[], output: CliOutput = stdio): Promise<Command> {
  const named = namedCommand(argv)
  const root = rootProgram()
  for (const [name, { summary, load }] of Object.entries(COMMANDS)) {
    let command = new Command(name)
    if (name === named) {
      // Before the modules load: some read the site config as they do (lib/brand.ts). Loaded
      // here, like the command, so that `rm5 --help` answers at once.
      const { parseSiteConfig } = await import('../../lib/site-config-schema.ts')
      parseSiteConfig(process.env)
      command = (await load()).command(output)
    }
    root.addCommand(command.summary(summary))
  }
  return root
}

export async function main(argv: string[]): Promise<never> {
  // Before the command loads: a Ctrl-C meanwhile gets the same line and status as later.
  exitOnInterrupt()
  // Before the command's modules load: some read the site config when imported (scripts/lib/dotenv.ts).
  loadDotenv()
  let program: Command
  try {
    program = await rm5Program(argv)
  } catch (error) {
    const { EnvError } = await import('../../lib/site-config-schema.ts')
    if (!(error instanceof EnvError)) throw error
    // As cliEnv answers any other bad variable: one line, exit 2 (no --help pointer: the line
    // says what a valid value looks like).
    const named = namedCommand(argv)
    return exitAfterOutput(`rm5${named ? ` ${named}` : ''}: ${errorLine(new CliError(error.message))}\n`, 2)
  }
  return runMain(program, argv)
}
