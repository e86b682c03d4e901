// The bench's second reference, run as its own process: Fastify with no plugin, no hook and no
// logger, answering each subject's bytes from memory with the site's Content-Type and
// Content-Encoding. It is the framework's ceiling on this machine: what any Fastify app pays per
// request before its own code runs. Usage: bare-fastify-server.ts <manifest.json> <port>
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import type { ReferenceFile } from './reference-root.ts'

interface Entry {
  type: string
  identity?: Buffer
  gzip?: Buffer
  br?: Buffer
}

const [manifest = '', port = '0'] = process.argv.slice(2)
const entries = new Map<string, Entry>()
for (const file of JSON.parse(readFileSync(manifest, 'utf8')) as ReferenceFile[]) {
  const read = (name?: string) => (name ? readFileSync(name) : undefined)
  entries.set(file.path, {
    type: file.type,
    identity: read(file.variants.identity),
    gzip: read(file.variants.gzip),
    br: read(file.variants.br),
  })
}

const app = Fastify({ logger: false })
app.get('/*', (request, reply) => {
  const entry = entries.get(request.url)
  if (!entry) return reply.code(404).send()
  // The bench sends exactly one of: no Accept-Encoding, `gzip`, `br`.
  const accept = request.headers['accept-encoding']
  const encoding = accept === 'br' && entry.br ? 'br' : accept === 'gzip' && entry.gzip ? 'gzip' : undefined
  reply.header('content-type', entry.type).header('vary', 'Accept-Encoding')
  if (encoding) reply.header('content-encoding', encoding)
  return reply.send(encoding ? entry[encoding] : entry.identity)
})
await app.listen({ port: Number(port), host: '127.0.0.1' })
console.log('listening')
