// Ctrl-C while `rm5` starts the embedded Postgres of DATA_DIR itself (scripts/lib/interrupt.ts,
// server/db/embedded-cluster.server.ts): at any moment of the start, initdb or Postgres, the
// command stops what it started, prints one line and exits 130, and the next command works; a
// Postgres it only attached to is left serving. A second Ctrl-C while it stops still waits for
// initdb or Postgres to exit. SIGTERM to the embedded-services process (server/embedded/) during
// its start stops its Postgres too. Each case runs the real process (the build) and sends the
// signal once the data directory or the output shows the moment it is about.
import { type ChildProcess, fork } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startEmbeddedPostgres } from '../../server/db/embedded.server.ts'
import { answers } from '../../server/db/embedded-cluster.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { until } from '../helpers/notification-receivers.ts'
import { alive, pause, processesWith } from '../helpers/processes.ts'
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

/** Resolves once `moment` holds, failing if `exited` settled first (`output` says why). */
async function beforeExit(
  exited: Promise<unknown>,
  what: string,
  moment: () => boolean,
  output: () => string,
): Promise<void> {
  let ended = false
  void exited.then(() => {
    ended = true
  })
  await until(what, () => ended || moment())
  expect(ended, `it ended before ${what}: ${output()}`).toBe(false)
}

/** Sends `cli` SIGINT once `moment` holds (failing if it ended first); resolves to its exit status. */
async function interruptWhen(cli: StartedRm5, what: string, moment: () => boolean): Promise<number | null> {
  await beforeExit(cli.exited, what, moment, cli.stderr)
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

const initdbPid = (): number => processesWith(`--pgdata=${cluster()}`)[0] ?? 0

/** The moments of the start, each by the process that runs then (0: not yet). */
const MOMENTS: [string, () => number][] = [
  ['initdb runs', initdbPid],
  ['Postgres runs', () => Math.max(lockPid(), 0)],
]

/** An rm5 whose start is held at `what`: the process running then is paused (SIGSTOP). */
async function startPausedAt(
  what: string,
  running: () => number,
): Promise<{ cli: StartedRm5; paused: number }> {
  for (let attempt = 1; ; attempt++) {
    const cli = startRm5(['applications', 'list'], env())
    await beforeExit(cli.exited, what, () => running() > 0, cli.stderr)
    const pid = running()
    if (pid > 0 && (await pause(pid))) return { cli, paused: pid }
    // It ended first: stop this run as Ctrl-C does, and start again on an empty folder.
    expect(await interruptWhen(cli, 'the moment passed', () => true), cli.stderr()).toBe(130)
    expectNothingLeft()
    expect(attempt, `${what}: ended each time before it could be paused`).toBeLessThan(5)
    await rm(dataDir, { recursive: true, force: true })
    dataDir = await mkdtemp(join(tmpdir(), 'rm5-cli-start-interrupt-'))
  }
}

describe('Ctrl-C while rm5 starts the embedded Postgres', () => {
  it.each(MOMENTS)(
    'once %s: stopped, one line, exit 130, and the next command works',
    async (what, running) => {
      const cli = startRm5(['applications', 'list'], env())
      expect(await interruptWhen(cli, what, () => running() > 0), cli.stderr()).toBe(130)
      expect(cli.stderr()).toBe('Interrupted.\n')
      expectNothingLeft()

      const next = await runRm5(['db', 'migrate'], env())
      expect(next.code, next.stderr).toBe(0)
      expectNothingLeft()
    },
  )

  // The process the start is at is paused (SIGSTOP), so it cannot have stopped before the second
  // Ctrl-C: rm5 must still be there, waiting for it, until it resumes and exits. initdb may end
  // between being seen and being paused; that run is interrupted as any other and started again.
  it.each(MOMENTS)('a second Ctrl-C once %s: still stopped before rm5 exits', async (what, running) => {
    const { cli, paused } = await startPausedAt(what, running)
    // Each Ctrl-C once rm5 has answered the one before: two sent at once may arrive as one.
    const ctrlC = async (answer: string) => {
      process.kill(cli.pid, 'SIGINT')
      await beforeExit(cli.exited, `it says ${answer}`, () => cli.stderr().includes(answer), cli.stderr)
    }
    try {
      await ctrlC('Interrupted.')
      await ctrlC('Stopping the embedded Postgres')
      expect(alive(cli.pid)).toBe(true)
    } finally {
      process.kill(paused, 'SIGCONT')
    }
    expect(await cli.exited, cli.stderr()).toBe(130)
    expect(cli.stderr()).toBe('Interrupted.\nStopping the embedded Postgres this command started…\n')
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

/** The embedded-services process as the server forks it (sidecar.server.ts), for Postgres only. */
function startServices(): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const child = fork(join(currentBuildRoot(), 'dist/node/sidecar-main.mjs'), [], {
    env: {
      ...process.env,
      RM5_SIDECAR_SETTINGS: JSON.stringify({
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        // Its info lines (what it stops, and when) are read; 'info' means warnings only in tests.
        LOG_LEVEL: 'debug',
        postgres: true,
        s3: false,
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code) => resolve(code))
  })
  return { child, exited, output: () => output }
}

describe('SIGTERM while the embedded-services process starts Postgres', () => {
  it.each(MOMENTS)('once %s: stopped before it exits', async (what, running) => {
    const services = startServices()
    await beforeExit(services.exited, what, () => running() > 0, services.output)
    services.child.kill('SIGTERM')
    expect(await services.exited, services.output()).toBe(0)
    expectNothingLeft()
  })

  // Postgres is paused, so the stop the first SIGTERM began cannot end before the second arrives
  // (a service manager repeating its request, say): the second must not end the process and
  // leave the detached Postgres running.
  it('a second SIGTERM once Postgres runs: still stopped before it exits', async () => {
    const services = startServices()
    await beforeExit(services.exited, 'Postgres runs', () => lockPid() > 0, services.output)
    const postgres = lockPid()
    expect(await pause(postgres)).toBe(true)
    // Each SIGTERM once the one before has been answered: two sent at once may arrive as one.
    const sigterm = async (answer: string) => {
      services.child.kill('SIGTERM')
      await beforeExit(
        services.exited,
        `it says ${answer}`,
        () => services.output().includes(answer),
        services.output,
      )
    }
    try {
      await sigterm('stopping embedded services')
      await sigterm('still stopping embedded services')
      expect(alive(services.child.pid ?? 0)).toBe(true)
    } finally {
      process.kill(postgres, 'SIGCONT')
    }
    expect(await services.exited, services.output()).toBe(0)
    expectNothingLeft()
  })
})
