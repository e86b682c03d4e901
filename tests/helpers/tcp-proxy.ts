// A TCP proxy the fault tests put between the app and a dependency (Postgres, S3), so they can
// cut the network for real: every open connection reset, and new ones either refused (the
// dependency is down), accepted and never answered (a black hole, as in a network partition), or
// accepted and answered late (a busy machine: 'hold' keeps them until restore() forwards them).
import { EventEmitter, once } from 'node:events'
import net from 'node:net'

export type CutMode = 'refuse' | 'blackhole' | 'hold'

export interface TcpProxy {
  port: number
  /** Resets every open connection; new ones are refused, or held until restore(). */
  cut(mode?: CutMode): Promise<void>
  /** Resolves once `count` connections are held at once (blackhole or hold). */
  whenHeld(count: number): Promise<void>
  /** Forwards again, on the same port; connections held by 'hold' are forwarded now, others reset. */
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'up' | CutMode = 'up'
  const open = new Set<net.Socket>()
  const held = new Set<net.Socket>()
  const heldChanged = new EventEmitter()
  const track = (socket: net.Socket, into: Set<net.Socket>) => {
    into.add(socket)
    socket.on('close', () => into.delete(socket))
    socket.on('error', () => {})
  }
  const forward = (client: net.Socket) => {
    const upstream = net.connect(target)
    track(client, open)
    track(upstream, open)
    // What the client sent while held waits in its socket, unread until piped.
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }

  const server = net.createServer((client) => {
    if (mode === 'blackhole' || mode === 'hold') {
      // Accepted, then silence: the client's own connect/statement timeouts must save it.
      track(client, held)
      heldChanged.emit('held')
      return
    }
    forward(client)
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
    async whenHeld(count) {
      while (held.size < count) await once(heldChanged, 'held')
    },
    async restore() {
      const was = mode
      mode = 'up'
      if (was === 'hold') {
        for (const client of held) {
          held.delete(client)
          forward(client)
        }
      }
      resetAll(held)
      if (was === 'refuse') await listen(port)
    },
    async close() {
      resetAll(open)
      resetAll(held)
      if (server.listening) await stopListening()
    },
  }
}
