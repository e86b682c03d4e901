// Statements a test run sends to the Postgres server itself (create and drop databases), and the
// URL of one database on that server.
import pg from 'pg'

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** `serverUrl` with its database replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
