// The memory of a process and of everything it started, from /proc (Linux): RSS counts every
// resident page a process maps, PSS divides each shared page among the processes that map it
// (the Node binary shared by the server and its sidecar, Postgres's shared buffers by its
// backends), so the PSS of a tree adds up to what the tree costs the machine.
import { readdirSync, readFileSync } from 'node:fs'

export interface ProcessMemory {
  pid: number
  /** What it runs: its command line, shortened to the program and its script. */
  name: string
  rssMb: number
  pssMb: number
}

const kbToMb = (kb: number) => Math.round((kb / 1024) * 10) / 10

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** The parent pid of every running process. */
function parents(): Map<number, number> {
  const found = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = read(`/proc/${entry}/stat`)
    // The command name in parentheses may hold spaces: the fields after its last ')'.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (fields?.[1]) found.set(Number(entry), Number(fields[1]))
  }
  return found
}

/** `pid` and all its descendants, parents before children. */
export function treeOf(pid: number): number[] {
  const all = parents()
  const tree = [pid]
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of all) if (parent === tree[i]) tree.push(child)
  return tree
}

/** A short name: Postgres's own process title, else the program and its script. */
function nameOf(pid: number): string {
  const argv = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean)
  // Postgres's children rewrite their command line into a title ("postgres: checkpointer").
  if (argv[0]?.startsWith('postgres:')) return argv.join(' ').trim()
  const program = argv[0]?.split('/').pop() ?? '?'
  const script = argv.slice(1).find((arg) => !arg.startsWith('-'))
  return script ? `${program} ${script.split('/').slice(-2).join('/')}` : program
}

/** RSS and PSS of one process, undefined once it has gone. */
export function memoryOf(pid: number): ProcessMemory | undefined {
  const rollup = read(`/proc/${pid}/smaps_rollup`)
  if (!rollup) return undefined
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0)
  return { pid, name: nameOf(pid), rssMb: kbToMb(kb('Rss')), pssMb: kbToMb(kb('Pss')) }
}

/** Every process of the tree under `pid`, with its memory. */
export function treeMemory(pid: number): ProcessMemory[] {
  return treeOf(pid).flatMap((p) => memoryOf(p) ?? [])
}

/** The tree's PSS: what the processes cost the machine together. */
export const totalPssMb = (tree: readonly ProcessMemory[]) =>
  Math.round(tree.reduce((sum, p) => sum + p.pssMb, 0) * 10) / 10
