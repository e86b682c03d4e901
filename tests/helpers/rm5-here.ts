// `rm5 <args>` in the test's own process: the program the binary runs (rm5Program through runCli,
// the same parsing, errors and exit status), with what it writes to either output captured and
// `env` over the environment while it runs. A spawned `rm5` costs about a CPU second before its
// work (Node, the bundle, Prisma's query compiler); a file that runs commands many times for what
// they do runs them here, and keeps a spawned run (run-cli.ts) for the binary itself.
import { rm5Program } from '../../scripts/cli/rm5-program.ts'
import { runCli } from '../../scripts/lib/cli.ts'
import { type EnvValues, setEnvironment } from './environment.ts'
import type { CliRun } from './run-cli.ts'

export async function rm5Here(args: string[], env: EnvValues = {}): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const output = {
    out: (text: string) => {
      stdout += text
    },
    err: (text: string) => {
      stderr += text
    },
  }
  const previous = setEnvironment(env)
  try {
    const code = await runCli(await rm5Program(args, output), args, output)
    return { code, stdout, stderr }
  } finally {
    setEnvironment(previous)
  }
}
