// One holder at a time across every process and replica on the same Postgres: a session-level
// advisory lock on a dedicated connection, held while `run` works and released after.
import pg from 'pg'

/** Keys of the app's advisory locks (migrations use Prisma's own). */
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
    await client.query('SELECT pg_advisory_lock($1)', [key])
    try {
      return await run()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key])
    }
  } finally {
    await client.end()
  }
}
