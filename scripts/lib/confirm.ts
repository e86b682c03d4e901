// A yes/no question on the terminal (standard error, so standard output stays the command's own).
import { createInterface } from 'node:readline/promises'

export async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr })
  // At a prompt the terminal is in raw mode: Ctrl-C arrives as a key, not as the signal the one
  // interrupt handler (./interrupt.ts) waits for.
  prompt.on('SIGINT', () => process.kill(process.pid, 'SIGINT'))
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim())
  } finally {
    prompt.close()
  }
}
