// A log destination that keeps every line, for tests that check what the server writes.
import { Writable } from 'node:stream'

export function logLines(): { lines: string[]; stream: Writable } {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { lines, stream }
}
