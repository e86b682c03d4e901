// One holder at a time across every process and replica on the same Postgres: a
// transaction-level advisory lock, taken in a transaction held open on a dedicated connection
// while `run` works, and released by its COMMIT. Transaction level, not session level, so it
// holds through PgBouncer in transaction mode (decision 026): the pooler keeps one server
// connection for an open transaction, whereas a session lock would stay behind on whichever
// server connection took it and its unlock could land on another.
import pg from 'pg'

/** Keys of the app's advisory locks (migrations use Prisma's own, on a direct connection). */
export const LOCKS = { demoMedia: 5_142_001, retention: 5_142_002, demoDocuments: 5_142_003 } as const

export async function withAdvisoryLock<T>(
  databaseUrl: string,
  key: number,
  run: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [key])
    const result = await run()
    await client.query('COMMIT')
    return result
  } finally {
    // After a failure the transaction (and with it the lock) ends with the connection.
    await client.end()
  }
}
