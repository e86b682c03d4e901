// Playwright's global setup: one SMTP receiver on the port the e2e server mails to, for the whole
// run. Each message it is sent becomes a JSON file in E2E_MAIL_DIR, which a spec reads
// (tests/e2e/helpers/mailbox.ts): the specs run in other processes than this one. The function it
// returns is the run's teardown.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from '../../playwright.config.ts'
import { smtpReceiver } from '../helpers/notification-receivers.ts'

export default async function startMailbox(): Promise<() => Promise<void>> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true })
  mkdirSync(E2E_MAIL_DIR, { recursive: true })
  let received = 0
  const smtp = smtpReceiver(E2E_SMTP_PORT, {
    onMail: (mail) => {
      // Written whole, then renamed: a reader never sees half a message.
      const file = join(E2E_MAIL_DIR, `${++received}.json`)
      writeFileSync(`${file}.part`, JSON.stringify(mail))
      renameSync(`${file}.part`, file)
    },
  })
  await smtp.start()
  return async () => {
    await smtp.stop()
    rmSync(E2E_MAIL_DIR, { recursive: true, force: true })
  }
}
