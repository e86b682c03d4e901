// The console's stylesheet and script (no inline style or script under its CSP). The site's Inter
// font is used when the build is there (dist/client/assets/static), else the system font stack.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { consoleFontFace } from '../http/console-font.server.ts'
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

export async function consoleAssetRoutes(app: FastifyInstance) {
  const css = consoleFontFace(app.adminConsole.fontUrl) + CONSOLE_CSS
  app.get('/assets/console.css', (_request, reply) => reply.type('text/css; charset=utf-8').send(css))
  const webauthn = webauthnBundle()
  const script = (body: string) => (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/javascript; charset=utf-8').send(body)
  app.get('/assets/console.js', script(CONSOLE_JS))
  app.get('/assets/webauthn.js', script(webauthn))
  app.get('/assets/passkey.js', script(PASSKEY_JS))
}
