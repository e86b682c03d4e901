// Why an export's --out cannot be written, said before anything is written, naming the path as
// typed. The write itself would fail on the temporary name beside the file, which the admin never
// gave, and the system's error names no part of the path ("does not exist" for a folder that is a
// file); an existing link, device or pipe would be replaced by the finished file, not written to.
import { lstatSync, Stats } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { checkWritableFolder, refuser, statOf } from './path-state.ts'

/** Throws a CliError saying what is wrong with `file` (as typed) and what to do, unless it can be written. */
export function checkOutFile(file: string): void {
  const refuse = refuser('Cannot write', file)
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
  checkWritableFolder(dirname(target), 'a file', refuse)
}
