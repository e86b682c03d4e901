// The mail the e2e server has sent, as the run's SMTP receiver kept it (tests/e2e/global-mailbox.ts).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { E2E_MAIL_DIR } from '../../../playwright.config.ts'
import type { ReceivedMail } from '../../helpers/notification-receivers.ts'

/** Every message received so far with `address` among its recipients, oldest first. */
export function mailTo(address: string): ReceivedMail[] {
  return readdirSync(E2E_MAIL_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
    .map((name) => JSON.parse(readFileSync(join(E2E_MAIL_DIR, name), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.includes(address))
}
