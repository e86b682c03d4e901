// The skeleton every admin command runs on (commander): the same help, usage errors and exit
// status everywhere. Exit status: 0 success, 1 failure, 2 usage error or a needed service
// unreachable, 130 interrupted.
// Standard output carries only a command's own output, so help asked for goes there; every error
// is one line on standard error, without a stack trace, naming the command that failed.
import { type Command, CommanderError } from 'commander'
import { CliError, errorLine } from './cli-error.ts'
import { interrupted, interruptHandled } from './interrupt.ts'
import { printable } from './printable.ts'

export interface CliOutput {
  out(text: string): void
  err(text: string): void
}

/** Standard output and error, with stored text's control characters escaped (printable.ts). */
export const stdio: CliOutput = {
  out: (text) => process.stdout.write(printable(text)),
  err: (text) => process.stderr.write(printable(text)),
}

/** A command's own output, a line at a time (`print()` writes an empty line). */
export const linePrinter =
  (output: CliOutput) =>
  (line = ''): void =>
    output.out(`${line}\n`)

/** A note (progress, which database is used) a line at a time, on standard error. */
export const notePrinter =
  (output: CliOutput) =>
  (line: string): void =>
    output.err(`${line}\n`)

/** An error raised by commander, with the command it was parsing (for the message's prefix). */
class ParseEnd extends Error {
  constructor(
    readonly error: CommanderError,
    readonly command: Command,
  ) {
    super(error.message)
  }
}

/** The house rules, on every command of the tree, however it was put together. */
function applyRules(command: Command, output: CliOutput): void {
  command
    .helpOption('-h, --help', 'Show this help')
    .showSuggestionAfterError()
    .configureHelp({ helpWidth: 100, sortSubcommands: false })
    .configureOutput({
      writeOut: (text) => output.out(text),
      writeErr: (text) => output.err(text),
      // Printed by runCli as one line, with the command's name.
      outputError: () => {},
    })
    .exitOverride((error) => {
      throw new ParseEnd(error, command)
    })
  if (command.commands.length > 0) command.helpCommand('help [command]', 'Show the help of a command')
  for (const sub of command.commands) applyRules(sub, output)
}

const commandPath = (command: Command): string => {
  const names: string[] = []
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name())
  return names.join(' ')
}

/** Runs `root` on `args` (no program name); resolves to the exit status. */
export async function runCli(root: Command, args: string[], output: CliOutput = stdio): Promise<number> {
  applyRules(root, output)
  let acting = root
  root.hook('preAction', (_root, command) => {
    acting = command
  })
  try {
    await root.parseAsync(args, { from: 'user' })
    return 0
  } catch (thrown) {
    // What fails once the command is interrupted fails because of it: the interrupt has its line.
    if (interrupted.aborted) return 1
    const error = thrown instanceof ParseEnd ? thrown.error : thrown
    const where = commandPath(thrown instanceof ParseEnd ? thrown.command : acting)
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return 0 // help asked for
      if (error.code === 'commander.help') return 2 // help shown on standard error: no command named
    }
    const line =
      error instanceof CommanderError
        ? // "error: unknown option '--jsn'\n(Did you mean --json?)"
          error.message.replace(/^error: /, '').replace(/\n/g, ' ')
        : errorLine(error)
    if (error instanceof CommanderError || (error instanceof CliError && error.usage)) {
      output.err(`${where}: ${line.replace(/\.$/, '')}; see "${where} --help"\n`)
      return 2
    }
    output.err(`${where}: ${line}\n`)
    return error instanceof CliError ? error.exitCode : 1
  }
}

/**
 * Runs `root` as the process (exitOnInterrupt installed): exits with the status once output is
 * out, or leaves the exit to an interrupt that came meanwhile.
 */
export async function runMain(root: Command, args: string[]): Promise<never> {
  const status = await runCli(root, args)
  await interruptHandled()
  return exitAfterOutput('', status)
}

/** Writes `error` (one line, or nothing) to standard error, then exits with `status` once output is out. */
export async function exitAfterOutput(error: string, status: number): Promise<never> {
  if (error) stdio.err(error)
  // An attached database or storage client may keep the event loop alive after the work is done.
  for (const stream of [process.stdout, process.stderr]) {
    await new Promise<void>((resolve) => stream.write('', () => resolve()))
  }
  process.exit(status)
}
