// Why a file or folder a command reads (a document, a logo, a folder to upload or restore, a
// schema) cannot be read, said before the database or storage opens, naming the path as typed:
// the system's errors ("ENOTDIR: not a directory, stat …", "EISDIR") name no part of it.
import { constants, Stats } from 'node:fs'
import { resolve } from 'node:path'
import { CliError } from './cli-error.ts'
import { mayAccess, nearestExisting, refuser, statOf } from './path-state.ts'

/** Throws a CliError unless `path` is a regular file this process may read. */
export function checkInFile(path: string): void {
  const refuse = refuser('Cannot read', path)
  const stats = existing(path)
  if (stats.isDirectory()) refuse('it is a folder; name a file')
  if (!stats.isFile()) refuse('it is a device or a pipe; name a regular file')
  readable(path, constants.R_OK, refuse)
}

/** Throws a CliError unless `path` is a folder this process may list. */
export function checkInFolder(path: string): void {
  const refuse = refuser('Cannot read', path)
  if (!existing(path).isDirectory()) refuse('it is a file; name a folder')
  readable(path, constants.R_OK | constants.X_OK, refuse)
}

function existing(path: string): Stats {
  const state = statOf(resolve(path))
  if (state instanceof Stats) return state
  // As readLocalFile has always said it; with the file on the way named when there is one.
  if (state === 'missing') throw new CliError(`${path} does not exist.`)
  throw new CliError(`${path} does not exist: ${nearestExisting(resolve(path))} is a file, not a folder.`)
}

function readable(path: string, mode: number, refuse: (why: string) => never): void {
  if (!mayAccess(path, mode)) refuse('it is not readable by this user')
}
