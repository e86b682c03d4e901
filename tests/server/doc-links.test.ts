// Docs that resolve: no tracked document, compose or Kubernetes file, script, comment or help text
// points at a README section, a heading, an anchor or a path that does not exist (an operator who
// follows one must land somewhere). Pure file reading: the references are found by
// tests/helpers/doc-references.ts.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { danglingIn } from '../helpers/doc-references.ts'

const root = process.cwd()
/** Text an operator or a developer reads: documents, configuration, scripts, code and its help texts. */
const READ_BY_PEOPLE =
  /(\.(md|ts|tsx|mjs|js|yml|yaml|sh|json)|(^|\/)(Dockerfile|Caddyfile|run)|\.env\.example)$/
/**
 * Not prose: the lock file, the ignore files (patterns rather than paths), and the check itself,
 * whose examples lead nowhere on purpose.
 */
const NOT_PROSE = [
  'package-lock.json',
  '.gitignore',
  '.dockerignore',
  'tests/helpers/doc-references.ts',
  'tests/server/doc-links.test.ts',
]

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => READ_BY_PEOPLE.test(file) && !NOT_PROSE.includes(file))

describe('references in tracked files', () => {
  it('reads the files people read (compose, Kubernetes, docs, code, CLI help)', () => {
    const expected = [
      'README.md',
      'docker-compose.yml',
      'deploy/kubernetes/base/deployment.yaml',
      'docs/self-hosting.md',
      'scripts/cli/rm5-program.ts',
      '.env.example',
    ]
    expect(expected.filter((file) => !tracked.includes(file))).toEqual([])
  })

  it('lead to a README section, a heading, an anchor or a file that exists', () => {
    const dangling = tracked.flatMap((file) => danglingIn(root, file, readFileSync(file, 'utf8')))
    expect(
      dangling.map(({ file, line, reference, why }) => `${file}:${line}: ${reference} (${why})`),
    ).toEqual([])
  })

  it('finds each kind of dangling reference (the check can fail)', () => {
    const text = [
      '# Every setting (README "Configuration"); see docs/self-hosting.md "Hardening" and',
      '# docs/scaling-and-proxies.md, "No such',
      '# section"; README\'s Scaling section; docs/kubernetes.md#no-such-anchor;',
      '# deploy/nowhere.sh, docs/decisions/999 and [a link](docs/missing.md).',
    ].join('\n')
    const found = danglingIn(root, 'docs/example.md', text).map(({ line, reference }) => [line, reference])
    expect(found).toEqual([
      [1, 'README "Configuration"'],
      [2, 'docs/scaling-and-proxies.md, "No such section"'],
      [3, "README's Scaling section"],
      [3, 'docs/kubernetes.md#no-such-anchor'],
      [4, '](docs/missing.md)'],
      [4, 'deploy/nowhere.sh'],
      [4, 'docs/decisions/999'],
      // Written from the root as well as linked from docs/ (docs/docs/missing.md): both lead nowhere.
      [4, 'docs/missing.md'],
    ])
  })
})
