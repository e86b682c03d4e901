// The hostile files of issue 34, built here rather than committed as binaries: PDFs written
// object by object (with a correct cross-reference table) and a Markdown bomb.
import { once } from 'node:events'
import { createDeflate } from 'node:zlib'

/** A PDF from its objects' bodies (object n is bodies[n - 1]; 1 must be the catalog). */
export function rawPdf(bodies: string[]): Buffer {
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>'
const CONTENT = '<< /Length 35 >>\nstream\nBT /F1 12 Tf 72 720 Td (Hi) Tj ET\nendstream'

/**
 * A page tree whose root names one middle node `fanout` times, which names one page `fanout`
 * times: fanout² pages drawn from three objects (300 → 90,000 pages in about 4 KB).
 */
export function sharedPageTreePdf(fanout: number): Buffer {
  const kids = (ref: string) => Array.from({ length: fanout }, () => ref).join(' ')
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids('3 0 R')}] /Count ${fanout * fanout} /MediaBox [0 0 612 792] >>`,
    `<< /Type /Pages /Parent 2 0 R /Kids [${kids('4 0 R')}] /Count ${fanout} >>`,
    PAGE.replace('/Parent 2 0 R', '/Parent 3 0 R'),
    CONTENT,
  ])
}

/** One page and no MediaBox anywhere: nothing says how large the page is. */
export function noMediaBoxPdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>',
    CONTENT,
  ])
}

export const PLAIN_LINK = 'https://rm5.example/terms'

/**
 * A one-page PDF with active content everywhere a reader looks: /OpenAction JavaScript, a
 * document /AA, JavaScript in the name tree, an embedded file, a page /AA, a Launch link, a
 * JavaScript link, a file attachment, and one plain link that must survive.
 */
export function activeContentPdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /AA << /WC 6 0 R >> /Names << /JavaScript << /Names [(boot) 6 0 R] >> /EmbeddedFiles << /Names [(payload.exe) 7 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /AA << /O 6 0 R >> /Annots [
      << /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /Launch /F (calc.exe) >> >>
      << /Type /Annot /Subtype /Link /Rect [0 30 100 50] /A << /S /URI /URI (javascript:app.alert(1)) >> >>
      << /Type /Annot /Subtype /Link /Rect [0 60 100 80] /A << /S /URI /URI (${PLAIN_LINK}) >> >>
      << /Type /Annot /Subtype /FileAttachment /Rect [0 90 20 110] /FS 7 0 R >>
    ] >>`,
    CONTENT,
    CONTENT.replace('(Hi)', '(Ho)'),
    '<< /S /JavaScript /JS (app.launchURL\\("https://evil.example/", true\\);) >>',
    '<< /Type /Filespec /F (payload.exe) /EF << /F 8 0 R >> >>',
    '<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream',
  ])
}

const XFA_SCRIPT =
  '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform><event activity="initialize">' +
  '<script contentType="application/x-javascript">app.alert(1)</script></event>' +
  '<calculate><script>Get("http://evil.example/x")</script></calculate></subform></template></xdp:xdp>'

/**
 * A one-page PDF with an XFA form (a JavaScript event and a FormCalc request), /NeedsRendering,
 * and a JavaScript action that nothing points at (an orphaned object).
 */
export function xfaPdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 6 0 R >> /NeedsRendering true >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    CONTENT,
    '<< /S /JavaScript /JS (app.launchURL\\("https://orphan.example/", true\\);) >>',
    `<< /Length ${XFA_SCRIPT.length} >>\nstream\n${XFA_SCRIPT}\nendstream`,
  ])
}

/** `mib` MiB of zeros, deflated chunk by chunk (never held whole): 1 GiB makes about 1 MB. */
async function deflatedZeros(mib: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 })
  const parts: Buffer[] = []
  deflate.on('data', (part: Buffer) => parts.push(part))
  const done = once(deflate, 'end')
  const zeros = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < mib; i++) {
    if (!deflate.write(zeros)) await once(deflate, 'drain')
  }
  deflate.end()
  await done
  return Buffer.concat(parts)
}

/** A one-page PDF with an unused Flate stream that inflates to `mib` MiB (a flate bomb). */
export async function flateBombPdf(mib: number): Promise<Buffer> {
  const bomb = (await deflatedZeros(mib)).toString('latin1')
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /B 5 0 R >> >> >>',
    CONTENT,
    `<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n${bomb}\nendstream`,
  ])
}

/** Markdown whose emphasis nests without end: '*a ' × 700,000 (2.1 MB) in the issue. */
export function markdownBomb(repeats = 700_000): Buffer {
  return Buffer.from('*a '.repeat(repeats))
}
