// The real app sending its mail to a real SMTP receiver on loopback, for the one-time link tests
// (the gates' e-mail step, the console's sign-in): mail from `from`, links to https://rm5.example,
// limits in the machine's Redis when REDIS_URL is set.
import { freePort } from '../../scripts/lib/free-port.ts'
import { limitPrefix } from './access.ts'
import { createTestApp, type TestApp } from './app.ts'
import { smtpReceiver } from './notification-receivers.ts'

export type SmtpReceiver = ReturnType<typeof smtpReceiver>

export async function createMailingTestApp(
  from: string,
  now: () => Date,
): Promise<{ t: TestApp; smtp: SmtpReceiver }> {
  const smtp = smtpReceiver(await freePort())
  await smtp.start()
  try {
    const t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL_FROM: from,
        NOTIFY_EMAIL_TO: 'ops@rm5.example',
        SITE_URL: 'https://rm5.example',
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      },
      access: { now, rateLimitPrefix: limitPrefix() },
    })
    return { t, smtp }
  } catch (error) {
    await smtp.stop()
    throw error
  }
}
