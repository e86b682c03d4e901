// Raw HTTP/1.1 over a socket, for what fetch and inject cannot send or would normalise: paths
// with backslashes or control characters, oversized headers, requests trickled byte by byte.
import net from 'node:net'

export interface RawResponse {
  status: number
  headers: Record<string, string[]>
  body: string
  raw: string
  /** Milliseconds from connecting until the server closed the connection (or the read ended). */
  ms: number
  /** How many of the chunks were written before the connection ended (all of them: `chunks`). */
  sent?: number
}

export function parseResponse(raw: string, ms: number): RawResponse {
  const end = raw.indexOf('\r\n\r\n')
  const head = end === -1 ? raw : raw.slice(0, end)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string[]> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    headers[name] = [...(headers[name] ?? []), line.slice(colon + 1).trim()]
  }
  return {
    status: Number(statusLine.split(' ')[1] ?? 0),
    headers,
    body: end === -1 ? '' : raw.slice(end + 4),
    raw,
    ms,
  }
}

export interface RawOptions {
  /** Written one after another, `gapMs` apart (a slow client); default one chunk at once. */
  chunks?: (string | Buffer)[]
  gapMs?: number
  /** Give up (and destroy the socket) after this long; the result then has status 0. */
  timeoutMs?: number
}

/**
 * Sends `request` (a complete raw request, or use options.chunks) with `Connection: close`
 * semantics left to the caller, and reads until the server closes the connection.
 */
export function rawRequest(port: number, request: string | Buffer, options: RawOptions = {}) {
  const chunks = options.chunks ?? [request]
  return new Promise<RawResponse>((resolve) => {
    const started = performance.now()
    const socket = net.connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(giveUp)
      clearInterval(writer)
      socket.destroy()
      const response = parseResponse(Buffer.concat(received).toString('latin1'), performance.now() - started)
      resolve({ ...response, sent: next })
    }
    const giveUp = setTimeout(finish, options.timeoutMs ?? 10_000)
    let next = 0
    const writeNext = () => {
      if (next < chunks.length && socket.writable) socket.write(chunks[next++] as string | Buffer)
    }
    let writer: NodeJS.Timeout | undefined
    socket.on('connect', () => {
      writeNext()
      if (chunks.length > 1) writer = setInterval(writeNext, options.gapMs ?? 0)
    })
    socket.on('data', (chunk) => received.push(Buffer.from(chunk)))
    socket.on('end', finish)
    socket.on('close', finish)
    socket.on('error', finish)
  })
}

/** A GET request line and headers, ready for rawRequest. */
export function rawGet(path: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ host: '127.0.0.1', connection: 'close', ...headers }).map(
    ([name, value]) => `${name}: ${value}`,
  )
  return `GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`
}
