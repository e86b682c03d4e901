// Build step: dist/client/favicon.ico, drawn from public/favicon.svg (the icon every page links
// to). Clients that ask for /favicon.ico by themselves (a browser showing a PDF or an image
// directly, crawlers, older browsers without SVG icons) get the same icon instead of a 404.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pngToIco from 'png-to-ico'
import sharp from 'sharp'

/** The sizes an .ico carries for tabs, bookmarks and high-density screens. */
const SIZES = [16, 32, 48]

export async function writeFaviconIco(root: string): Promise<void> {
  const svg = await readFile(join(root, 'public/favicon.svg'))
  // Drawn at a density well above the largest size, then scaled down: sharp edges at every size.
  const pngs = await Promise.all(
    SIZES.map((size) => sharp(svg, { density: 300 }).resize(size, size).png().toBuffer()),
  )
  await writeFile(join(root, 'dist/client/favicon.ico'), await pngToIco(pngs))
}
