// DATA_DIR on a shared machine: its folders and generated secrets are readable by their owner only.
// Shared by the cookie secret (server/access/secret.server.ts) and the embedded S3 credentials.
import { randomUUID } from 'node:crypto'
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

interface PrivateLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * Besides the owner, only the folder's group may pass through (execute, never list or read), and
 * only where it was let: as root, the embedded Postgres runs as the OS user `postgres`, whose group
 * gets DATA_DIR to reach its folder (embedded-os-user). Anyone else gets nothing.
 */
const GROUP_MAY = 0o710

/** Creates `dir` 0700, or tightens an existing one that others could enter, list or write. */
export async function ensurePrivateDir(dir: string, log?: PrivateLog): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const { mode } = await stat(dir)
  if ((mode & 0o777 & ~GROUP_MAY) === 0) return
  await chmod(dir, mode & 0o7777 & (0o7000 | GROUP_MAY))
  log?.warn({ dir }, 'folder was open to other users; removed their access')
}

/** Writes `content` to a file only its owner may read (0600, whatever the umask). */
export async function writePrivateFile(path: string, content: string): Promise<void> {
  await writeFile(path, content, { mode: 0o600 })
  await chmod(path, 0o600)
}

/**
 * Reads the file at `path`, or writes `generate()` there (0600) first when it does not exist.
 * Written to a temporary name, then hard-linked into place: link fails if the file appeared
 * meanwhile, so two processes starting together agree on one value and nobody reads half a file.
 */
export async function readOrCreatePrivateFile(
  path: string,
  generate: () => string,
  log?: PrivateLog,
): Promise<{ text: string; created: boolean }> {
  const existing = await readIfExists(path)
  if (existing !== null) {
    await tightenFile(path, log)
    return { text: existing, created: false }
  }
  await ensurePrivateDir(dirname(path), log)
  const temp = `${path}.${randomUUID()}.tmp`
  await writeFile(temp, generate(), { mode: 0o600 })
  let created = false
  try {
    await link(temp, path)
    created = true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await unlink(temp).catch(() => {})
  }
  return { text: (await readIfExists(path)) ?? '', created }
}

async function readIfExists(path: string): Promise<string | null> {
  return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
}

async function tightenFile(path: string, log?: PrivateLog) {
  const { mode } = await stat(path)
  if ((mode & 0o077) === 0) return
  // Tighten rather than refuse: the file is ours, and a copy restored from a backup often loses its mode.
  await chmod(path, 0o600).catch(() => {})
  log?.warn({ path }, 'file was readable by other users; changed its mode to 0600')
}
