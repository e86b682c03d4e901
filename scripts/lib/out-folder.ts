// Why a folder a command writes into (`rm5 media backup <dir>`) cannot be, said before storage or
// the database opens, naming the path as typed: otherwise the first object written fails with the
// system's "ENOTDIR: not a directory, mkdir …" after the store was opened and listed.
import { readdirSync, Stats } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { checkWritable, checkWritableFolder, refuser, statOf } from './path-state.ts'

/**
 * Throws a CliError saying what is wrong with `dir` (as typed) unless the command can write into
 * it: an existing empty folder it may write to, or a new one in such a folder (its parents are
 * not made).
 */
export function checkOutFolder(dir: string): void {
  const refuse = refuser('Cannot write into', dir)
  const target = resolve(dir)
  const state = statOf(target)
  if (state instanceof Stats) {
    if (!state.isDirectory()) refuse('it is a file, not a folder; name a new or empty folder')
    checkWritable(target, refuse)
    checkEmpty(target, refuse)
  } else {
    checkWritableFolder(dirname(target), 'a new folder', refuse)
  }
}

/**
 * Refuses a folder that holds anything at all: a hidden file or an empty folder too, since what
 * the command writes would mix with it. Names an entry, since a listing may hide the ones there.
 */
function checkEmpty(folder: string, refuse: (why: string) => never): void {
  let entries: string[]
  try {
    entries = readdirSync(folder).sort()
  } catch {
    refuse('its entries cannot be listed, so it may not be empty; name a new or empty folder')
  }
  const [first] = entries
  if (first === undefined) return
  const more = entries.length > 1 ? ` and ${entries.length - 1} more` : ''
  refuse(`it is not empty (it holds ${first}${more}); name a new or empty folder`)
}
