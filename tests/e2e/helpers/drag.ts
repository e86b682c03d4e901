import type { Locator, Page } from '@playwright/test'

/** Drags from the middle of `surface` by `dx` pixels, as a mouse does, in `steps` moves. */
export async function dragHorizontally(
  page: Page,
  surface: Locator,
  dx: number,
  steps: number,
): Promise<void> {
  const box = await surface.boundingBox()
  if (!box) throw new Error('the surface has no box')
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx, y, { steps })
  await page.mouse.up()
}
