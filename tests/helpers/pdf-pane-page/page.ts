// A test page for the PDF pane island, outside Vike: the island's server HTML (Island +
// PdfPane, as a document page renders them), built with Vite into its own directory, served
// by a small HTTP server with the site's CSP, a PDF and a beacon endpoint that records what it gets.
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { join, normalize } from 'node:path'
import react from '@vitejs/plugin-react'
import { build, type Rollup } from 'vite'
import type { PdfPaneProps } from '../../../components/documents/pdf-pane/pdf-pane-props.ts'
import { READING_ATTRIBUTE } from '../../../components/documents/reading/markdown-reading.ts'
import { BEACON_PATH } from '../../../lib/documents/beacon.ts'
import { parseEnv } from '../../../server/env.server.ts'
import { contentSecurityPolicy } from '../../../server/http/security-headers.server.ts'
import { pdfPaneHtml } from './island-html.tsx'

const root = join(import.meta.dirname, '..', '..', '..')

export interface BuiltPage {
  script: string
  styles: string[]
}

/** Builds the entry with Vite (the site's own React plugin, no Vike) into `outDir`. */
export async function buildPanePage(outDir: string): Promise<BuiltPage> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0,
      rollupOptions: { input: join(import.meta.dirname, 'entry.ts') },
    },
  })) as Rollup.RollupOutput
  const entry = output.output.find((item) => item.type === 'chunk' && item.isEntry) as Rollup.OutputChunk
  const styles = output.output.filter((item) => item.fileName.endsWith('.css')).map((item) => item.fileName)
  return { script: entry.fileName, styles }
}

export interface Beacon {
  type: string | undefined
  body: string
}

export interface PanePageServer {
  url: string
  /** Requests for the PDF file, by Range header ('' without one). */
  fileRequests: string[]
  beacons: Beacon[]
  close(): Promise<void>
}

export async function servePanePage(
  outDir: string,
  built: BuiltPage,
  props: PdfPaneProps,
  pdf: Uint8Array,
): Promise<PanePageServer> {
  const island = pdfPaneHtml(props)
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${props.title}</title>
${built.styles.map((href) => `<link rel="stylesheet" href="/${href}">`).join('\n')}
</head><body>
<main class="container" style="padding-block: 2rem 50vh"><h1>${props.title}</h1>${island}</main>
<script type="module" src="/${built.script}"></script>
</body></html>`
  // A Markdown document's page: server-rendered text, marked for the reading-time script.
  const markdownHtml = html.replace(
    island,
    `<article ${READING_ATTRIBUTE} data-document-id="${props.documentId}" data-version="${props.version}" data-view-token="${props.viewToken}"><p>Terms.</p></article>`,
  )
  const csp = contentSecurityPolicy(parseEnv({ NODE_ENV: 'test' }))
  const fileRequests: string[] = []
  const beacons: Beacon[] = []
  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0] as string
    response.setHeader('content-security-policy', csp)
    if (request.method === 'POST' && path === BEACON_PATH) {
      let body = ''
      for await (const chunk of request) body += chunk
      beacons.push({ type: request.headers['content-type'], body })
      response.writeHead(204).end()
      return
    }
    if (path === props.fileUrl) {
      fileRequests.push(request.headers.range ?? '')
      response.writeHead(200, { 'content-type': 'application/pdf', 'cache-control': 'private, no-store' })
      response.end(Buffer.from(pdf))
      return
    }
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
      return
    }
    // Chromium asks for one now and then; a 404 would read as an error of the page.
    if (path === '/favicon.ico') return void response.writeHead(204).end()
    if (path === '/markdown') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(markdownHtml)
      return
    }
    const file = normalize(join(outDir, path))
    if (!file.startsWith(outDir)) return void response.writeHead(404).end()
    try {
      const bytes = await readFile(file)
      const type = file.endsWith('.css')
        ? 'text/css'
        : file.endsWith('js')
          ? 'text/javascript'
          : 'application/octet-stream'
      response.writeHead(200, { 'content-type': type }).end(bytes)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    fileRequests,
    beacons,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
