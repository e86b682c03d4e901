/**
 * What a path check (scripts/lib/out-file.ts, out-folder.ts, in-path.ts) says of `path`: its
 * refusal's message, or 'let through' when it accepts the path.
 */
export function refusal(check: (path: string) => void, path: string): string {
  try {
    check(path)
  } catch (error) {
    return (error as Error).message
  }
  return 'let through'
}
