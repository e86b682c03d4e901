// The environment, parsed as the server parses it; for a command a bad variable is a usage error.
import type { Env } from '../../server/env.server.ts'
import { CliError } from './cli-error.ts'

export async function cliEnv(): Promise<Env> {
  // Loaded only when run, so that help and usage errors answer at once.
  const { EnvError, parseEnv } = await import('../../server/env.server.ts')
  try {
    return parseEnv(process.env, { reader: 'command' })
  } catch (error) {
    if (error instanceof EnvError) throw new CliError(error.message, 2)
    throw error
  }
}
