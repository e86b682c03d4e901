// What a path given to a command is, for the one-line refusals of out-file.ts, out-folder.ts and
// in-path.ts: the system's own errors name no part of the path that is wrong ("not a directory"
// for a folder on the way that is a file) and surface only once the command has opened the
// database or storage, seconds later.
import { accessSync, constants, Stats, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { CliError } from './cli-error.ts'

/** Throws the CliError of a refusal: "<verb> <path as typed>: <why>." */
export const refuser =
  (verb: string, path: string) =>
  (why: string): never => {
    throw new CliError(`${verb} ${path}: ${why}.`)
  }

/** A path's status; 'missing' when it is not there, 'under a file' when a folder on its way is a file. */
export function statOf(
  path: string,
  stat: (path: string) => Stats = statSync,
): Stats | 'missing' | 'under a file' {
  try {
    return stat(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return 'missing'
    if (code === 'ENOTDIR') return 'under a file'
    throw error
  }
}

/** The deepest of `path` and its parents that exists: under a file, that file. */
export function nearestExisting(path: string): string {
  let at = path
  while (!(statOf(at) instanceof Stats) && dirname(at) !== at) at = dirname(at)
  return at
}

/** Whether this process may do `mode` (constants.R_OK, W_OK…) on `path`. */
export function mayAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode)
    return true
  } catch {
    return false
  }
}

/**
 * Refuses unless `folder` (absolute) is an existing folder this process may write into, where the
 * command makes `what` ('a file', 'a folder'): a missing folder is not created for it, so a typo
 * or a disk not mounted is said rather than written around.
 */
export function checkWritableFolder(folder: string, what: string, refuse: (why: string) => never): void {
  const state = statOf(folder)
  if (state === 'missing') refuse(`the folder ${folder} does not exist; create it first`)
  if (!(state instanceof Stats && state.isDirectory())) {
    refuse(`${nearestExisting(folder)} is a file, not a folder; name ${what} in a folder`)
  }
  checkWritable(folder, refuse)
}

/**
 * Refuses unless this process may write into `folder` (absolute), a folder that exists: the one a
 * command writes into, or the one it makes a file or folder in, said the same way.
 */
export function checkWritable(folder: string, refuse: (why: string) => never): void {
  if (!mayAccess(folder, constants.W_OK)) {
    refuse(`the folder ${folder} is not writable; choose one you may write to`)
  }
}
