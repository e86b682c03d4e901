// The storage client retires an idle keep-alive socket before the S3 server's announced
// `Keep-Alive: timeout=N` runs out. Reusing a socket the server is closing fails that request with
// ECONNRESET (the client does not retry), which is how a document upload failed after a pause.
// The server here announces a short timeout and keeps it, as S3 does; the test waits for the idle
// connection to end and checks who ended it: the client (the server saw its FIN), not the server's
// timeout. Both timers run in this one process, so a loaded machine delays them alike.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseEnv } from '../../server/env.server.ts'
import { openStorage, type Storage } from '../../server/storage/storage.server.ts'
import { until } from '../helpers/notification-receivers.ts'
import { quietStorageLog } from '../helpers/quiet-log.ts'

const ANNOUNCED_SECONDS = 2

let server: http.Server
let storage: Storage
let open = 0
/** Connections the client ended (the server read its FIN before closing it). */
let endedByClient = 0

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume()
    res.setHeader('Keep-Alive', `timeout=${ANNOUNCED_SECONDS}`)
    // A length makes even a HEAD answer reusable (without one the client closes at once).
    res.setHeader('Content-Length', '0')
    res.end()
  })
  // Close idle connections when the announced time is up, as the S3 server does.
  server.keepAliveTimeout = ANNOUNCED_SECONDS * 1000
  server.on('connection', (socket) => {
    open += 1
    socket.on('end', () => {
      endedByClient += 1
    })
    socket.on('close', () => {
      open -= 1
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  storage = await openStorage(
    parseEnv({
      NODE_ENV: 'test',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: 'test-access',
      S3_SECRET_KEY: 'test-secret-key',
    }),
    quietStorageLog,
  )
})

afterAll(async () => {
  await storage?.close()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

it("closes an idle connection before the server's announced keep-alive timeout", async () => {
  await storage.client.bucketExists(storage.bucket('360'))
  expect(open).toBe(1)
  await until('the idle connection is closed', () => open === 0, 30_000)
  expect(endedByClient, 'the client ended the idle connection before the server timed it out').toBe(1)
})
