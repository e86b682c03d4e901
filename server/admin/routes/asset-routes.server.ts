// The console's stylesheet and script (no inline style or script under its CSP). The site's Inter
// font is used when the build is there (dist/client/assets/static), else the system font stack.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CONSOLE_CSS } from '../views/console-css.ts'
import { CONSOLE_JS } from '../views/console-js.ts'
import { PASSKEY_JS } from '../views/passkey-js.ts'

/**
 * @simplewebauthn/browser as its package ships it, minified into one file that defines
 * SimpleWebAuthnBrowser: served as it is, so the console needs no bundler of its own.
 */
function webauthnBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser')
  const file = path.join(path.dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js')
  return readFileSync(file, 'utf8')
}

function fontFace(clientDir: string | undefined): string {
  if (!clientDir) return ''
  let file: string | undefined
  try {
    file = readdirSync(`${clientDir}/assets/static`).find((name) =>
      /^inter-latin-wght-normal.*\.woff2$/.test(name),
    )
  } catch {
    return ''
  }
  if (!file) return ''
  // `optional`: a font that arrives after the first paint is kept for the next page instead of
  // swapped in, so the console's text (its menu wraps on a phone) never moves under the reader.
  return `@font-face { font-family: "Inter Variable"; font-style: normal; font-display: optional; font-weight: 100 900; src: url("/assets/static/${file}") format("woff2-variations"); }\n`
}

export async function consoleAssetRoutes(app: FastifyInstance) {
  const css = fontFace(app.adminConsole.deps.clientDir) + CONSOLE_CSS
  app.get('/assets/console.css', (_request, reply) => reply.type('text/css; charset=utf-8').send(css))
  const webauthn = webauthnBundle()
  const script = (body: string) => (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/javascript; charset=utf-8').send(body)
  app.get('/assets/console.js', script(CONSOLE_JS))
  app.get('/assets/webauthn.js', script(webauthn))
  app.get('/assets/passkey.js', script(PASSKEY_JS))
}
