// What tracked files point at, and which of those pointers lead nowhere: a section of README.md or
// of another Markdown file named in quotes (`README "Scaling"`, `docs/operations.md, "Notifications"`),
// a heading anchor (`docs/kubernetes.md#upgrading`), a Markdown link, or a repository path written
// out in a comment, a help text or a document (`deploy/postgres/roles.sh`, `docs/decisions/028`).
// Pure text: comments wrap, so each file is read with its line breaks and comment markers folded
// into single spaces before the patterns run.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import GithubSlugger from 'github-slugger'
import MarkdownIt from 'markdown-it'

export interface Dangling {
  file: string
  line: number
  reference: string
  why: string
}

/** The repository's top-level folders a written-out path starts with. */
const ROOT_FOLDERS = [
  '.ci',
  '.github',
  'bin',
  'components',
  'demo-media',
  'deploy',
  'docs',
  'lib',
  'pages',
  'prisma',
  'public',
  'renderer',
  'scripts',
  'server',
  'tests',
]
/** Files at the root that text names by their bare name. */
const ROOT_FILE = String.raw`README\.md|CHANGELOG\.md|SECURITY\.md|renovate\.json|docker-compose(?:\.[a-z]+)?\.yml|\.env\.example`

/** A path written with a placeholder or a pattern stands for many files: not one to look up. */
const PLACEHOLDER = /[<>*{}$…]|X\.Y\.Z|NNN|\.\.\.|\/$/

const markdown = new MarkdownIt()
const headingCache = new Map<string, string[] | null>()

/** The headings of a Markdown file as written (inline markup dropped), or null when it does not exist. */
export function headingsOf(file: string): string[] | null {
  if (headingCache.has(file)) return headingCache.get(file) ?? null
  let headings: string[] | null = null
  if (existsSync(file)) {
    const tokens = markdown.parse(readFileSync(file, 'utf8'), {})
    headings = tokens
      .filter((_, index) => tokens[index - 1]?.type === 'heading_open')
      .map((token) => (token.children ?? []).map((child) => child.content).join(''))
  }
  headingCache.set(file, headings)
  return headings
}

/** GitHub's anchors for those headings (`#deploying-behind-a-proxy`, repeats numbered). */
function anchorsOf(file: string): string[] | null {
  const slugger = new GithubSlugger()
  return headingsOf(file)?.map((heading) => slugger.slug(heading)) ?? null
}

const normalize = (title: string) =>
  title
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[.:,;]+$/, '')
    .trim()
    .toLowerCase()

/**
 * The text with line breaks and the comment markers that open the next line (`#`, `//`, `*`)
 * folded into one space, and for each position of it the line it came from.
 */
function fold(text: string): { folded: string; lineAt: (offset: number) => number } {
  const starts: number[] = []
  let folded = ''
  text.split('\n').forEach((line, index) => {
    const body = index === 0 ? line : line.replace(/^\s*(?:\/\/+|#+|\*(?!\*)|--)?\s*/, '')
    if (index > 0) folded += ' '
    starts.push(folded.length)
    folded += body
  })
  return {
    folded,
    lineAt: (offset) => {
      let line = 0
      while (line + 1 < starts.length && (starts[line + 1] as number) <= offset) line++
      return line + 1
    },
  }
}

/** The Markdown file a reference names, as a path from the root (README alone is README.md). */
function targetOf(name: string, from: string, root: string): string {
  if (/^README$/i.test(name)) return 'README.md'
  const besideSource = path.join(path.dirname(from), name)
  if (!name.includes('/') && existsSync(path.join(root, besideSource))) return besideSource
  return path.normalize(name)
}

/** How code names a module without its extension (`lib/brand`, `server/db/write-behind`). */
const MODULE_SUFFIXES = ['.ts', '.tsx', '.server.ts', '.server.tsx', '.test.ts', '.mjs', '.js']

/**
 * What the project writes and git ignores (`secrets/`, `dist/`, `server/db/generated/`): a path
 * inside it is made by a command, not missing. The plain lines of .gitignore (no wildcards).
 */
const ignoredFolders = new Map<string, string[]>()
function generatedBy(root: string): (relative: string) => boolean {
  const folders = ignoredFolders.get(root) ?? readIgnoredFolders(root)
  ignoredFolders.set(root, folders)
  return (relative) =>
    folders.some((folder) =>
      folder.includes('/')
        ? relative === folder || relative.startsWith(`${folder}/`)
        : relative.split('/').includes(folder),
    )
}

function readIgnoredFolders(root: string): string[] {
  return readFileSync(path.join(root, '.gitignore'), 'utf8')
    .split('\n')
    .filter((line) => line.endsWith('/') && !/[*?[!#]/.test(line))
    .map((line) => line.replace(/^\/|\/$/g, ''))
}

/**
 * A path of the repository, as a file or folder that exists, a module named without its extension,
 * a decision by its number alone (`docs/decisions/028`), or a place the project writes.
 */
function pathExists(root: string, relative: string): boolean {
  const full = path.join(root, relative)
  if (generatedBy(root)(relative)) return true
  if (existsSync(full) || MODULE_SUFFIXES.some((suffix) => existsSync(full + suffix))) return true
  const decision = relative.match(/^docs\/decisions\/(\d{3})$/)
  if (decision)
    return readdirSync(path.join(root, 'docs/decisions')).some((name) => name.startsWith(`${decision[1]}-`))
  return false
}

/** The sentence around `offset`: from the end of the one before to the next full stop. */
function sentenceAt(text: string, offset: number): string {
  const start = Math.max(text.lastIndexOf('. ', offset), text.lastIndexOf('\n', offset), 0)
  const end = text.indexOf('. ', offset)
  return text.slice(start, end < 0 ? undefined : end)
}

/** Every reference in one file's text that leads nowhere; `file` is its path from `root`. */
export function danglingIn(root: string, file: string, text: string): Dangling[] {
  const found: Dangling[] = []
  const { folded, lineAt } = fold(text)
  const report = (offset: number, reference: string, why: string) =>
    found.push({ file, line: lineAt(offset), reference, why })

  // A section in quotes: `README "X"`, `README's "X" section`, `docs/a.md, "X"`, `a.md "X"`.
  const quoted =
    /(?<![\w/.-])(README(?:\.md)?|(?:[\w.-]+\/)*[\w.-]+\.md)(?:['’]s)?,?\s+(?:section\s+)?["“]([^"”]+)["”]/g
  // The same without quotes: `README's Scaling section`, `README: Scaling`, `(README, Scaling)`.
  const bare =
    /(?<![\w/.-])README(?:\.md)?(?:(?:['’]s\s+([A-Z][\w -]*?)\s+section)|(?:[:,]\s+([A-Z][\w -]*?)(?=\)|[.;](?:\s|$)|$)))/gm
  for (const match of folded.matchAll(quoted)) {
    const [reference, name = '', title = ''] = match
    const target = targetOf(name, file, root)
    const headings = headingsOf(path.join(root, target))
    if (!headings) report(match.index, reference, `${target} does not exist`)
    else if (!headings.some((heading) => normalize(heading) === normalize(title)))
      report(match.index, reference, `${target} has no heading "${title}"`)
  }
  for (const match of folded.matchAll(bare)) {
    const title = match[1] ?? match[2] ?? ''
    const headings = headingsOf(path.join(root, 'README.md')) ?? []
    if (!headings.some((heading) => normalize(heading) === normalize(title)))
      report(match.index, match[0], `README.md has no heading "${title}"`)
  }

  // Anchors: `file.md#anchor` anywhere, `](#anchor)` within a Markdown file.
  for (const match of folded.matchAll(/(?<![\w/.-])((?:[\w.-]+\/)*[\w.-]+\.md)?#([a-z0-9][a-z0-9-]*)\b/g)) {
    const [reference, name, anchor = ''] = match
    if (!name && !(file.endsWith('.md') && folded.slice(match.index - 2, match.index) === '](')) continue
    const target = name ? targetOf(name, file, root) : file
    const anchors = anchorsOf(path.join(root, target))
    if (!anchors) report(match.index, reference, `${target} does not exist`)
    else if (!anchors.includes(anchor)) report(match.index, reference, `${target} has no heading #${anchor}`)
  }

  // Markdown links to files of the repository, relative to the file that links.
  if (file.endsWith('.md'))
    for (const match of folded.matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
      const link = match[1] ?? ''
      if (/^[a-z]+:/i.test(link) || link.startsWith('/')) continue
      const relative = path.normalize(path.join(path.dirname(file), link))
      if (!pathExists(root, relative)) report(match.index, match[0], `${relative} does not exist`)
    }

  // Paths written out from the root: `docs/decisions/028`, `deploy/postgres/roles.sh`, `README.md`.
  const written = new RegExp(
    String.raw`(?<![\w/.@-])((?:${ROOT_FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|')})/[\w./@-]*[\w@-]|${ROOT_FILE})(?![\w/-])`,
    'g',
  )
  for (const match of folded.matchAll(written)) {
    const written = match[1] ?? ''
    // What follows a path may be a placeholder that makes it a pattern (`docs/decisions/<n>`).
    const after = folded.slice(match.index + match[0].length, match.index + match[0].length + 2)
    if (PLACEHOLDER.test(written) || /^\/?[<*{$…]/.test(after)) continue
    // A package's module (`from 'prisma/config'`) or a regular expression's alternative (`a|prisma/i`).
    if (/(?:from\s+|import\(|require(?:\.resolve)?\()['"]$|\|$/.test(folded.slice(0, match.index))) continue
    // History: a sentence that says the file was removed (a decision's "Removed: …", "… is gone").
    if (/\b(removed|gone)\b/i.test(sentenceAt(folded, match.index))) continue
    if (!pathExists(root, written)) report(match.index, written, `${written} does not exist`)
  }
  return found
}
