// Ctrl-C while `rm5` starts the embedded Postgres of DATA_DIR itself (scripts/lib/interrupt.ts,
// server/db/embedded-cluster.server.ts): at any moment of the start, initdb or Postgres, the
// command stops what it started, prints one line and exits 130, and the next command works; a
// Postgres it only attached to is left serving. Each case runs the real `rm5` process and sends
// the signal once the data directory or the output shows the moment it is about.
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { answers } from '../../server/db/embedded-cluster.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { until } from '../helpers/notification-receivers.ts'
import { processesWith } from '../helpers/processes.ts'
import { runRm5, type StartedRm5, startRm5 } from '../helpers/run-cli.ts'

// Spawned CLIs and initdb take seconds each on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

let dataDir: string
const env = () => ({ DATABASE_URL: '', DATA_DIR: dataDir })
const cluster = () => join(dataDir, 'pg')

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rm5-cli-start-interrupt-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** Sends `cli` SIGINT once `moment` holds (failing if it ended first); resolves to its exit status. */
async function interruptWhen(cli: StartedRm5, what: string, moment: () => boolean): Promise<number | null> {
  let ended = false
  void cli.exited.then(() => {
    ended = true
  })
  await until(what, () => ended || moment())
  expect(ended, `rm5 ended before ${what}: ${cli.stderr()}`).toBe(false)
  process.kill(cli.pid, 'SIGINT')
  return cli.exited
}

/** Nothing of DATA_DIR's cluster runs, and the claim on the data directory is released. */
function expectNothingLeft() {
  expect(processesWith(cluster())).toEqual([])
  expect(existsSync(join(cluster(), 'postmaster.pid'))).toBe(false)
  expect(existsSync(join(dataDir, 'pg.json'))).toBe(false)
}

/** The pid in Postgres's lock file: negative for initdb's bootstrap, the server's own once it runs. */
function lockPid(): number {
  try {
    return Number(readFileSync(join(cluster(), 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return 0
  }
}

describe('Ctrl-C while rm5 starts the embedded Postgres', () => {
  it.each([
    ['initdb runs', () => processesWith(`--pgdata=${cluster()}`).length > 0],
    ['Postgres runs', () => lockPid() > 0],
  ])('once %s: stopped, one line, exit 130, and the next command works', async (what, moment) => {
    const cli = startRm5(['applications', 'list'], env())
    expect(await interruptWhen(cli, what, moment), cli.stderr()).toBe(130)
    expect(cli.stderr()).toBe('Interrupted.\n')
    expectNothingLeft()

    const next = await runRm5(['db', 'migrate'], env())
    expect(next.code, next.stderr).toBe(0)
    expectNothingLeft()
  })

  it('a Postgres it only attached to keeps serving', async () => {
    // This process plays `npm start`: it owns the (unmigrated) cluster, so `db wait` attaches and waits.
    const owner = await startEmbeddedPostgres(dataDir, silentLogger)
    try {
      const claim = readFileSync(join(dataDir, 'pg.json'), 'utf8')
      const cli = startRm5(['db', 'wait'], env())
      expect(
        await interruptWhen(cli, 'it waits', () => cli.stderr().includes('Waiting for')),
        cli.stderr(),
      ).toBe(130)
      expect(cli.stderr()).toMatch(/\nInterrupted\.\n$/)
      expect(cli.stderr()).not.toContain('rm5 db wait:')
      expect(await answers(owner.url)).toBe(true)
      expect(readFileSync(join(dataDir, 'pg.json'), 'utf8')).toBe(claim)
    } finally {
      await owner.close()
    }
  })
})
