// A DNS server on loopback that answers one name with the addresses of the instances currently in
// service: service discovery for the rolling-upgrade bench and the drain test. Caddy's `dynamic a`
// upstreams ask it again every refresh, as deploy/Caddyfile asks Docker's DNS and as a Kubernetes
// proxy follows a Service's endpoints, so an instance leaves the rotation without a config reload
// (a reload closes the proxy's idle client connections: docs/benchmarks.md). It answers over UDP
// and TCP on one port: Go's resolver, Caddy's, may ask over either.
import { createSocket } from 'node:dgram'
import { createServer, type Socket } from 'node:net'
import dnsPacket from 'dns-packet'

export interface UpstreamDns {
  port: number
  /** The addresses answered from now on. */
  set(addresses: string[]): void
  /** Resolves at the first query answered after this call: the proxy then holds the current set. */
  nextAnswer(): Promise<void>
  close(): Promise<void>
}

export async function startUpstreamDns(name: string): Promise<UpstreamDns> {
  let addresses: string[] = []
  let waiting: Array<() => void> = []
  const answer = (message: Buffer): Buffer => {
    const query = dnsPacket.decode(message)
    const question = query.questions?.[0]
    const answers =
      question?.type === 'A' && question.name.toLowerCase() === name
        ? addresses.map((data) => ({ type: 'A' as const, name, ttl: 0, data }))
        : []
    if (answers.length) {
      for (const resolve of waiting) resolve()
      waiting = []
    }
    return dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: query.questions,
      answers,
    })
  }

  // TCP: each message is preceded by its length in two bytes.
  const connections = new Set<Socket>()
  const tcp = createServer((socket) => {
    connections.add(socket)
    socket.on('close', () => connections.delete(socket))
    let buffered = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk])
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const length = buffered.readUInt16BE(0)
        const reply = answer(buffered.subarray(2, 2 + length))
        buffered = buffered.subarray(2 + length)
        const framed = Buffer.alloc(2 + reply.length)
        framed.writeUInt16BE(reply.length, 0)
        reply.copy(framed, 2)
        socket.write(framed)
      }
    })
    socket.on('error', () => socket.destroy())
  })
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve))
  const address = tcp.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const udp = createSocket('udp4')
  udp.on('message', (message, from) => udp.send(answer(message), from.port, from.address))
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve))
  return {
    port,
    set(next) {
      addresses = [...next]
    },
    nextAnswer: () => new Promise((resolve) => waiting.push(resolve)),
    close: async () => {
      await new Promise<void>((resolve) => udp.close(() => resolve()))
      for (const socket of connections) socket.destroy()
      await new Promise<void>((resolve) => tcp.close(() => resolve()))
    },
  }
}
