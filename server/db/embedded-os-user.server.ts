// Postgres refuses to run as root. A developer's laptop runs it as the developer; a root shell
// (CI, a container) runs it as the OS user `postgres`, which must exist and reach the folders.
import { execFile } from 'node:child_process'
import { chmod, chown, mkdir, stat } from 'node:fs/promises'
import { promisify } from 'node:util'

const run = promisify(execFile)

export const POSTGRES_OS_USER = 'postgres'

/** Whom the Postgres processes run as: undefined = this process's own user. */
export interface RunAs {
  uid: number
  gid: number
}

export async function postgresRunAs(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined
  try {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', POSTGRES_OS_USER]),
      run('id', ['-g', POSTGRES_OS_USER]),
    ])
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
  } catch {
    throw new Error(
      `Postgres cannot run as root, and there is no OS user "${POSTGRES_OS_USER}" to run it as. ` +
        `Create one (useradd --system ${POSTGRES_OS_USER}), run as a normal user, or set DATABASE_URL.`,
    )
  }
}

/**
 * The folder Postgres owns (mode 0700, as initdb wants it). As root, the user `postgres` gets it,
 * and `parent`, the DATA_DIR, gets its group, which may pass through (not list): 0710, nothing for
 * anyone else. Done at every start, so a DATA_DIR tightened meanwhile still lets Postgres in.
 */
export async function prepareOwnedFolder(
  folder: string,
  parent: string,
  runAs: RunAs | undefined,
): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  if (!runAs) return
  const { mode, uid } = await stat(parent)
  await chown(parent, uid, runAs.gid)
  await chmod(parent, (mode & 0o7700) | 0o010)
  await chown(folder, runAs.uid, runAs.gid)
  await chmod(folder, 0o700)
}

/** The hint added to a failure when Postgres ran as another user. */
export function runAsHint(runAs: RunAs | undefined, folder: string): string {
  return runAs
    ? ` (running as root, Postgres runs as the OS user "${POSTGRES_OS_USER}", which must be able to reach ${folder} and node_modules: every folder above them needs execute permission for it)`
    : ''
}
