// rm5 and the server wait for Postgres differently (decision 002): the server's pool gives up on
// a connect after 1.5 s, so a request can answer 503 within 2 s; an admin's command on a busy
// machine waits for a Postgres that answers late (a load of 15 made a connect take 1.6 s and
// failed `rm5 codes generate`), and still ends, in one line, when it never answers. A TCP proxy in
// front of a real Postgres holds the connections, then forwards them or never does.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPool } from '../../server/db/database.server.ts'
import { currentBuildRoot } from '../helpers/current-build.ts'
import { testDatabaseForTests } from '../helpers/database.ts'
import { runNode, runRm5 } from '../helpers/run-cli.ts'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts'

const testDb = testDatabaseForTests()
let proxy: TcpProxy
let proxiedUrl: string

beforeAll(async () => {
  const real = new URL(testDb.url)
  proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) })
  const proxied = new URL(testDb.url)
  proxied.host = `127.0.0.1:${proxy.port}`
  proxiedUrl = proxied.toString()
})
afterAll(async () => {
  await proxy?.close()
})

/** The server's pool, asked once a command's connect is held: it gives up while the command's is still held. */
async function serverPoolGivesUp() {
  const pool = createPool(proxiedUrl, { max: 1 })
  pool.on('error', () => {})
  const server = await pool.connect().then(
    (client) => client.release(),
    (error: Error) => error.message,
  )
  await pool.end()
  expect(server).toMatch(/timeout/)
}

const contactList = () =>
  runRm5(['contact', 'list'], { DATABASE_URL: proxiedUrl, DATA_DIR: testDb.env.DATA_DIR })

describe('rm5 against a Postgres that answers late', () => {
  it("npm start's preparation, a command too, waits for a connect held longer than the server's pool waits", async () => {
    await proxy.cut('hold')
    const run = runNode([join(currentBuildRoot(), 'dist/node/prepare.mjs'), '--steps=migrate'], {
      NODE_ENV: 'test',
      DATABASE_URL: proxiedUrl,
      DATA_DIR: testDb.env.DATA_DIR,
    })
    await proxy.whenHeld(1)
    await serverPoolGivesUp()
    await proxy.restore()
    const done = await run
    expect(done.code, done.stderr).toBe(0)
  }, 120_000)

  it("waits for a connect held longer than the server's pool waits", async () => {
    await proxy.cut('hold')
    const run = contactList()
    await proxy.whenHeld(1)
    await serverPoolGivesUp()
    await proxy.restore()
    const done = await run
    expect(done.code, done.stderr).toBe(0)
    expect(done.stdout).toContain('No contact messages')
  }, 120_000)

  it('gives up on a Postgres that never answers, in one line, exit 1', async () => {
    await proxy.cut('blackhole')
    try {
      const run = await contactList()
      expect([run.code, run.stdout, run.stderr]).toEqual([
        1,
        '',
        'rm5 contact list: Could not reach DATABASE_URL. Is Postgres running? (Connection terminated due to connection timeout)\n',
      ])
    } finally {
      await proxy.restore()
    }
  }, 120_000)
})
