// Progress output for long CLI work: a redrawn bar on a terminal, plain lines otherwise (CI logs,
// pipes), so logs stay readable and terminals stay tidy.
import { type CliOutput, stdio } from '../../lib/cli.ts'
import { printable } from '../../lib/printable.ts'

export interface Progress {
  /** Advance by one item; `line` is printed as-is when not on a terminal. */
  tick(label: string, line?: string): void
  /** Print a line above the bar (warnings, errors). */
  note(line: string): void
  done(): void
}

/**
 * Progress on `output`'s standard error: a bar redrawn on `terminal` when standard error is one
 * (the bar's own control characters written to it directly, the names in it made printable),
 * a line per item otherwise.
 */
export function progress(
  total: number,
  output: CliOutput,
  terminal: NodeJS.WriteStream | undefined = output === stdio && process.stderr.isTTY
    ? process.stderr
    : undefined,
): Progress {
  let count = 0
  const draw = (stream: NodeJS.WriteStream, label: string) => {
    const width = 24
    const filled = total === 0 ? width : Math.round((count / total) * width)
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`
    const room = Math.max(10, (stream.columns ?? 80) - width - 16)
    const name = label.length > room ? `…${label.slice(-(room - 1))}` : label
    stream.write(`\r\x1b[2K${bar} ${count}/${total} ${printable(name)}`)
  }
  return {
    tick(label, line) {
      count += 1
      if (terminal) draw(terminal, label)
      else if (line) output.err(`${line}\n`)
    },
    note(line) {
      if (terminal) terminal.write(`\r\x1b[2K${printable(line)}\n`)
      else output.err(`${line}\n`)
    },
    done() {
      terminal?.write('\r\x1b[2K')
    },
  }
}

export { formatBytes } from '../../../lib/figures.ts'
