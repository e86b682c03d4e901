// The console's stylesheet and script (no inline style or script under its CSP). The site's Inter
// font is used when the build is there (dist/client/assets/static), else the system font stack.
import { readdirSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { CONSOLE_CSS } from '../../../components/admin/console-css.ts'
import { CONSOLE_JS } from '../../../components/admin/console-js.ts'

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
  return `@font-face { font-family: "Inter Variable"; font-style: normal; font-display: swap; font-weight: 100 900; src: url("/assets/static/${file}") format("woff2-variations"); }\n`
}

export async function consoleAssetRoutes(app: FastifyInstance) {
  const css = fontFace(app.adminConsole.deps.clientDir) + CONSOLE_CSS
  app.get('/assets/console.css', (_request, reply) => reply.type('text/css; charset=utf-8').send(css))
  app.get('/assets/console.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(CONSOLE_JS),
  )
}
