// Progress output for long CLI work: a redrawn bar on a terminal, plain lines otherwise (CI logs,
// pipes), so logs stay readable and terminals stay tidy.

export interface Progress {
  /** Advance by one item; `line` is printed as-is when not on a terminal. */
  tick(label: string, line?: string): void
  /** Print a line above the bar (warnings, errors). */
  note(line: string): void
  done(): void
}

export function progress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  let count = 0
  const tty = stream.isTTY === true
  const draw = (label: string) => {
    const width = 24
    const filled = total === 0 ? width : Math.round((count / total) * width)
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`
    const room = Math.max(10, (stream.columns ?? 80) - width - 16)
    const name = label.length > room ? `…${label.slice(-(room - 1))}` : label
    stream.write(`\r\x1b[2K${bar} ${count}/${total} ${name}`)
  }
  return {
    tick(label, line) {
      count += 1
      if (tty) draw(label)
      else if (line) stream.write(`${line}\n`)
    },
    note(line) {
      if (tty) stream.write(`\r\x1b[2K${line}\n`)
      else stream.write(`${line}\n`)
    },
    done() {
      if (tty) stream.write('\r\x1b[2K')
    },
  }
}

export { formatBytes } from '../../../lib/figures.ts'
