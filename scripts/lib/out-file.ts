// Why an export's --out cannot be written, said before anything is written, naming the path as
// typed. The write itself would fail on the temporary name beside the file, which the admin never
// gave, and the system's error names no part of the path ("does not exist" for a folder that is a
// file); an existing link, device or pipe would be replaced by the finished file, not written to.
import { accessSync, constants, lstatSync, Stats, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { CliError } from './cli-error.ts'

/** Throws a CliError saying what is wrong with `file` (as typed) and what to do, unless it can be written. */
export function checkOutFile(file: string): void {
  const refuse = (why: string): never => {
    throw new CliError(`Cannot write ${file}: ${why}.`)
  }
  const target = resolve(file)
  const followed = statOf(target)
  if (followed instanceof Stats && followed.isDirectory())
    refuse('it is a folder; name a file, in it or elsewhere')
  // Not followed: the finished file is renamed onto the path itself (/dev/stdout is a link).
  const itself = statOf(target, lstatSync)
  if (itself instanceof Stats && !itself.isFile()) {
    refuse(
      'it is a link, a device or a pipe, which the export would replace; name a regular file, or leave out --out for standard output',
    )
  }
  const folder = dirname(target)
  const parent = statOf(folder)
  if (parent === 'missing') refuse(`the folder ${folder} does not exist; create it first`)
  if (!(parent instanceof Stats && parent.isDirectory())) {
    refuse(`${nearestExisting(folder)} is a file, not a folder; name a file in a folder`)
  }
  try {
    accessSync(folder, constants.W_OK)
  } catch {
    refuse(`the folder ${folder} is not writable; choose one you may write to`)
  }
}

/** A path's status; 'missing' when it is not there, 'under a file' when a folder on its way is a file. */
function statOf(path: string, stat: (path: string) => Stats = statSync): Stats | 'missing' | 'under a file' {
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
function nearestExisting(path: string): string {
  let at = path
  while (!(statOf(at) instanceof Stats) && dirname(at) !== at) at = dirname(at)
  return at
}
