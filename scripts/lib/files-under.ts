import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** Every file below `dir`, as a path relative to it. */
export function* filesUnder(dir: string, base = dir): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* filesUnder(full, base)
    else yield path.relative(base, full)
  }
}
