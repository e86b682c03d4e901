// A TCP proxy the fault tests put between the app and a dependency (Postgres, S3), so they can
// cut the network for real: every open connection reset, and new ones either refused (the
// dependency is down) or accepted and never answered (a black hole, as in a network partition).
import net from 'node:net'

export type CutMode = 'refuse' | 'blackhole'

export interface TcpProxy {
  port: number
  /** Resets every open connection; new ones are refused or held unanswered until restore(). */
  cut(mode?: CutMode): Promise<void>
  /** Forwards again, on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'up' | CutMode = 'up'
  const open = new Set<net.Socket>()
  const held = new Set<net.Socket>()
  const track = (socket: net.Socket, into: Set<net.Socket>) => {
    into.add(socket)
    socket.on('close', () => into.delete(socket))
    socket.on('error', () => {})
  }

  const server = net.createServer((client) => {
    if (mode === 'blackhole') {
      // Accepted, then silence: the client's own connect/statement timeouts must save it.
      track(client, held)
      return
    }
    const upstream = net.connect(target)
    track(client, open)
    track(upstream, open)
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()))
  const resetAll = (sockets: Set<net.Socket>) => {
    for (const socket of sockets) socket.resetAndDestroy()
  }

  await listen(0)
  const port = (server.address() as net.AddressInfo).port

  return {
    port,
    async cut(next = 'refuse') {
      mode = next
      resetAll(open)
      // server.close() waits for open connections; they are all gone now.
      if (next === 'refuse') await stopListening()
    },
    async restore() {
      const wasRefusing = mode === 'refuse'
      mode = 'up'
      resetAll(held)
      if (wasRefusing) await listen(port)
    },
    async close() {
      resetAll(open)
      resetAll(held)
      if (server.listening) await stopListening()
    },
  }
}
