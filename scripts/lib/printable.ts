// What the CLI writes to a terminal: stored text may predate the input clean-up or come from a
// file, so every control character but line breaks and tabs is printed as an escape (`\x1b`),
// never sent to the terminal, where it could clear the screen or retitle the window.

// C0 controls except \t and \n, DEL, C1 controls, and bidirectional overrides.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

const escaped = (char: string) => {
  const code = char.codePointAt(0) ?? 0
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`
}

export const printable = (text: string): string => text.replace(UNPRINTABLE, escaped)
