// `rm5 db wait` (the web pods' init container on Kubernetes): exit 0 once the database has every
// migration of this release, a newer schema included; waits while one is missing and goes on as
// soon as it is applied; exit 1 with the missing names when the timeout passes first. Run in the
// test's process (rm5-here.ts), but for the wait on another process's migration: the binary's.
import { spawn } from 'node:child_process'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { rm5Here } from '../helpers/rm5-here.ts'
import { rm5Entry } from '../helpers/run-cli.ts'

let testDb: TestDatabase
const sql = async (text: string) => {
  const client = new pg.Client({ connectionString: testDb.url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}
let last: string
const setRolledBack = (rolledBack: boolean) =>
  sql(
    `UPDATE _prisma_migrations SET rolled_back_at = ${rolledBack ? 'now()' : 'NULL'} WHERE migration_name = '${last}'`,
  )

beforeAll(async () => {
  testDb = await createTestDatabase()
  last = testDb.applied.at(-1) as string
})
afterAll(async () => {
  await testDb?.drop()
})

describe('rm5 db wait', () => {
  it('exits 0 at once on a current schema', async () => {
    const run = await rm5Here(['db', 'wait', '--timeout', '5'], testDb.env)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(
      /^Database schema is current: all \d+ migration\(s\) of this release applied\.\n$/,
    )
  })

  it('exits 1 naming the missing migration when the timeout passes first', async () => {
    await setRolledBack(true)
    try {
      const run = await rm5Here(['db', 'wait', '--timeout', '1'], testDb.env)
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`Waiting for 1 migration(s): ${last}.`)
      expect(run.stderr).toContain(`1 migration(s) not applied (${last})`)
    } finally {
      await setRolledBack(false)
    }
  })

  it('waits while a migration is missing and exits 0 once it is applied', async () => {
    await setRolledBack(true)
    const child = spawn(process.execPath, [rm5Entry(), 'db', 'wait', '--timeout', '60'], {
      env: { ...process.env, NODE_ENV: 'test', ...testDb.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += chunk
        if (stderr.includes('Waiting for 1 migration(s)')) resolve()
      })
      exited.then(() => reject(new Error(`exited before waiting: ${stderr}`)))
    })
    await setRolledBack(false)
    expect(await exited).toBe(0)
  })

  it('accepts a newer schema (a later release applied migrations this one does not know)', async () => {
    await sql(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ('later', 'x', '99991231000000_from_a_later_release', now(), now(), 1)`,
    )
    const run = await rm5Here(['db', 'wait', '--timeout', '5'], testDb.env)
    expect(run.code).toBe(0)
  })

  it('waits for a database that cannot be reached yet, then times out', async () => {
    const run = await rm5Here(['db', 'wait', '--timeout', '1'], {
      DATABASE_URL: 'postgres://rm5@127.0.0.1:1/rm5',
      DATA_DIR: testDb.env.DATA_DIR,
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('Waiting: the database cannot be reached yet (ECONNREFUSED).')
    // Never reached, so nothing is known of its migrations: the last line says so.
    expect(run.stderr).toContain(
      'the database could not be reached within 1 s (ECONNREFUSED): check DATABASE_URL and that Postgres is running',
    )
    expect(run.stderr).not.toContain('not applied')
  })
})
