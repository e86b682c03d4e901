// Why a folder a command writes into (`rm5 media backup <dir>`) cannot be, said before storage or
// the database opens, naming the path as typed: otherwise the first object written fails with the
// system's "ENOTDIR: not a directory, mkdir …" after the store was opened and listed.
import { Stats } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { checkWritable, checkWritableFolder, refuser, statOf } from './path-state.ts'

/**
 * Throws a CliError saying what is wrong with `dir` (as typed) unless the command can write into
 * it: an existing folder it may write to, or a new one in such a folder (its parents are not made).
 * Says whether the folder exists already.
 */
export function checkOutFolder(dir: string): 'existing' | 'new' {
  const refuse = refuser('Cannot write into', dir)
  const target = resolve(dir)
  const state = statOf(target)
  if (state instanceof Stats) {
    if (!state.isDirectory()) refuse('it is a file, not a folder; name a new or empty folder')
    checkWritable(target, refuse)
    return 'existing'
  }
  checkWritableFolder(dirname(target), 'a new folder', refuse)
  return 'new'
}
