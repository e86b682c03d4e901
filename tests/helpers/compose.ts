// Compose as this machine has it: the `docker compose` plugin (v2: GitHub's runners, Docker Desktop,
// docker.com's packages) where present, Debian's `docker-compose` (v1) otherwise. Both read the same
// files and `.env`, and `config` prints the same model for what the tests read.
import { execFileSync } from 'node:child_process'
import { commandAt, type Service } from './required-service.ts'

export interface Compose extends Service {
  /** Runs `compose <args…>` in `cwd` with `env` and returns its standard output. */
  run(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): string
}

const VARIANTS = [['docker', 'compose'], ['docker-compose']] as const

export function composeAt(): Compose {
  for (const [command, ...prefix] of VARIANTS) {
    if (!commandAt(command, [...prefix, 'version'], '').available) continue
    return {
      name: [command, ...prefix].join(' '),
      available: true,
      missing: '',
      run: (args, { cwd, env }) =>
        execFileSync(command, [...prefix, ...args], { cwd, env, encoding: 'utf8' }),
    }
  }
  return {
    name: 'Compose',
    available: false,
    missing: 'is not installed (`docker compose` v2, or on Debian `apt-get install docker-compose` for v1)',
    run: () => {
      throw new Error('Compose is not installed')
    },
  }
}
