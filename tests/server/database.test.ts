// openDatabase's failure behaviour: a later issue needs "503 within 2 s when Postgres is down",
// and a dropped connection must never take the process down.
import { createServer, type Server, type Socket } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/database.server.ts'
import { isDatabaseUnavailable } from '../../server/db/errors.server.ts'
import { silentLogger } from '../../server/db/logger.server.ts'
import { testDatabaseForTests } from '../helpers/database.ts'

describe('openDatabase when Postgres is unreachable', () => {
  // Accepts TCP connections but never answers: the worst case, unlike "connection refused".
  let blackHole: Server
  let port: number
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    blackHole = createServer((socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
    port = (blackHole.address() as { port: number }).port
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => blackHole.close(() => resolve()))
  })

  for (const target of ['refusing', 'silent'] as const) {
    // A condition, not a duration (the bench measures how fast): the client's own timeouts fire,
    // so both calls fail instead of waiting on a server that never answers.
    it(`fails ping and queries by its own timeouts (${target} server)`, async () => {
      const url =
        target === 'silent' ? `postgres://postgres@127.0.0.1:${port}/x` : 'postgres://postgres@127.0.0.1:1/x'
      const db = await openDatabase({ DATABASE_URL: url, DATA_DIR: '/nonexistent' }, silentLogger)
      try {
        await expect(db.ping()).rejects.toThrow()
        await expect(db.prisma.contactMessage.count()).rejects.toThrow()
        // Told apart from a bug (a 503 for the API, one line for `npm start`), a raw query too.
        expect(isDatabaseUnavailable(await db.prisma.contactMessage.count().catch((error) => error))).toBe(
          true,
        )
        expect(isDatabaseUnavailable(await db.prisma.$queryRaw`SELECT 1`.catch((error) => error))).toBe(true)
      } finally {
        await db.close()
      }
    })
  }
})

// Always a real engine: the server DATABASE_URL names, or the run's embedded Postgres (decision 024).
describe('openDatabase on a real Postgres', () => {
  const testDb = testDatabaseForTests()

  it('survives the server closing idle connections and reconnects', async () => {
    const db = await openDatabase(testDb.env, silentLogger)
    try {
      await db.prisma.contactMessage.count()
      const admin = new pg.Client({ connectionString: testDb.url })
      await admin.connect()
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
      await admin.end()
      await new Promise((resolve) => setTimeout(resolve, 100))
      await db.ping()
      expect(await db.prisma.contactMessage.count()).toBe(0)
    } finally {
      await db.close()
    }
  })

  it('times out a runaway statement on the client side (no startup parameter a pooler could refuse)', async () => {
    const db = await openDatabase(testDb.env, silentLogger)
    try {
      // The client's read timeout fired (its own error), well before the 10 s statement would end.
      await expect(db.prisma.$queryRaw`SELECT pg_sleep(10)`).rejects.toThrow(/Query read timeout/)
    } finally {
      await db.close()
    }
  }, 15_000)
})
