// Where an export goes: standard output, or a file that appears only once complete (written
// beside it under a temporary name, then renamed), so a failed export never leaves half a file
// that looks finished.
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { Writable } from 'node:stream'
import { checkOutFile } from './out-file.ts'

export interface Output {
  write(chunk: string): Promise<void>
  /** Finishes the output (for a file: flushes, then moves it into place). */
  commit(): Promise<void>
  /** Drops a partly written file. */
  abort(): Promise<void>
}

export function openOutput(file?: string): Output {
  if (!file) return streamOutput(process.stdout, async () => {})
  const target = resolve(file)
  checkOutFile(file)
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`)
  const stream = createWriteStream(temporary, { flags: 'wx' })
  const output = streamOutput(stream, async () => {
    stream.end()
    await once(stream, 'finish')
    await rename(temporary, target)
  })
  return {
    ...output,
    async abort() {
      stream.destroy()
      await rm(temporary, { force: true })
    },
  }
}

function streamOutput(stream: Writable, finish: () => Promise<void>): Output {
  let failure: Error | undefined
  stream.on('error', (error) => {
    failure = error
  })
  return {
    async write(chunk) {
      if (failure) throw failure
      // Respect backpressure: a large export piped into a slow consumer must not buffer in memory.
      if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), once(stream, 'error')])
      if (failure) throw failure
    },
    async commit() {
      if (failure) throw failure
      await finish()
    },
    async abort() {},
  }
}
