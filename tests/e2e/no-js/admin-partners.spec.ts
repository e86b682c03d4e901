// The partners pages without JavaScript: the add form posts HTML, the Preview button redraws the
// gate's picture from the typed theme without saving it, and removing goes through its confirm page.
import { expect } from '@playwright/test'
import { consoleMenu, signInAsNewOwner } from '../helpers/admin-console.ts'
// A client address of its own per test: sign-in is limited per client like the gates.
import { test } from '../helpers/visitor.ts'

test('without JavaScript an owner adds a partner, previews a theme, saves it and removes the partner', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const email = await signInAsNewOwner(page)
  const slug = `nojs-${email.slice(4, 12)}`
  await consoleMenu(page).getByRole('link', { name: 'Partners', exact: true }).click()
  await page.getByLabel('Slug (the gate is /slug)').fill(slug)
  await page.getByLabel('Name', { exact: true }).fill('No Script Foods')
  await page.getByRole('button', { name: 'Add partner' }).click()
  await expect(page.getByRole('heading', { name: 'Partner added' })).toBeVisible()

  await page.getByLabel('Tint', { exact: true }).fill('#ff00aa')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.locator('#partner-preview')).toHaveAttribute('src', /tint=%23ff00aa/)
  // Previewed, not saved: the gate still has its old tint.
  expect(await (await page.request.get(`/${slug}`)).text()).toContain('--gate-tint:#5aa9ff')
  // A bad value is named in the error summary, and the picture keeps the default for it.
  await page.getByLabel('Text on the tint').fill('ink')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(
    page.getByRole('link', { name: 'Give the text colour as a colour such as #0b0d10.' }),
  ).toBeVisible()
  // The refused form has an address of its own (a 303 after the post): a reload shows it again,
  // as typed, and posts nothing.
  await expect(page).toHaveURL(new RegExp(`/admin/partners/${slug}\\?answers=[\\w-]{22}$`))
  await page.reload()
  await expect(
    page.getByRole('link', { name: 'Give the text colour as a colour such as #0b0d10.' }),
  ).toBeVisible()
  await expect(page.getByLabel('Text on the tint')).toHaveValue('ink')
  await page.getByLabel('Text on the tint').fill('#111111')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name: 'Changes saved' })).toBeVisible()
  expect(await (await page.request.get(`/${slug}`)).text()).toContain('--gate-tint:#ff00aa')

  await page.getByRole('link', { name: 'Remove No Script Foods…' }).click()
  await page.getByRole('button', { name: 'Remove No Script Foods' }).click()
  await expect(page.getByRole('heading', { name: 'Partner removed' })).toBeVisible()
})
