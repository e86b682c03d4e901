import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { defaultChromium } from './tests/helpers/chromium-path.ts'

// e2e runs against the built production server (`npm start` path) on its own port and data dir.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
/** The e2e server's data dir; the admin CLIs the tests run attach to its embedded services. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e'
const baseURL = `http://127.0.0.1:${E2E_PORT}`
/** The e2e server's SITE_URL; the CLIs the tests run need it too (production refuses links without it). */
export const E2E_SITE_URL = process.env.SITE_URL ?? 'http://127.0.0.1:3000'
/** The run's SMTP receiver on loopback (tests/e2e/global-mailbox.ts); the server mails there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1025)
/** Where that receiver keeps each message it was sent, one JSON file each (tests/e2e/helpers/mailbox.ts). */
export const E2E_MAIL_DIR = process.env.E2E_MAIL_DIR ?? join(tmpdir(), `rm5-e2e-mail-${E2E_PORT}`)
/** The OpenID provider the single sign-on spec starts on loopback (tests/e2e/admin-oidc.spec.ts). */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 1026)
export const E2E_OIDC_CLIENT = { id: 'rm5-console-e2e', secret: 'an-e2e-client-secret-for-the-test-provider' }
// A brand the build knows nothing of, given to the server at start (decision 013); set here so
// the test workers (which import lib/brand) and the server read the same one.
process.env.BRAND_COMPANY ??= 'Curbside Robotics E2E'
const chromium = process.env.CHROMIUM_PATH ?? defaultChromium()

export default defineConfig({
  testDir: 'tests/e2e',
  // An SMTP receiver for the whole run: the server's mail (notifications of every application and
  // message, the known viewers' links) is delivered, not refused and retried.
  globalSetup: './tests/e2e/global-mailbox.ts',
  fullyParallel: true,
  // A `test.only` left in a commit would silently run one test in CI.
  forbidOnly: Boolean(process.env.CI),
  workers: process.env.CI ? 2 : 2,
  // No retries: a test that passes only on its second try is a flaky test, and must show.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // No trace: recording one (DOM snapshots at every step) costs about a seventh of the suite's
    // CPU, and a run in CI keeps only its log. A failed test keeps a screenshot and its call log;
    // to see a failure step by step, run it again with `--trace retain-on-failure` (docs/development.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    // The home page's video, parallax and animations run while a test reads the page, and every
    // frame is drawn in software: a visit to / costs about twice the CPU with motion on. The tests
    // whose subject is motion turn it back on (media.spec.ts, the scroll fade-in, the hero frames).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      // Background networking is refused on these machines; keep Chromium quiet and local.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: ['no-js/**', 'slow-scripts/**'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // HTML first: every page, form and control works with JavaScript switched off.
    {
      name: 'no-js',
      testDir: 'tests/e2e/no-js',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, javaScriptEnabled: false },
    },
    // Scripts held back by routing until the test releases them: input made before hydration survives it.
    {
      name: 'slow-scripts',
      testDir: 'tests/e2e/slow-scripts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'node scripts/run/launch.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    // Ctrl-C, as a developer stops `npm start`: the server drains and then stops its embedded
    // Postgres, which runs detached (decision 024) and would outlive a SIGKILL of the group.
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Tests name their own client address (tests/e2e/helpers/visitor.ts), as a proxy would.
      TRUST_PROXY: 'loopback',
      S3_ENDPOINT: '',
      LOG_LEVEL: 'warn',
      SITE_URL: E2E_SITE_URL,
      // The origin browsers use, on a name: passkeys need a domain (tests/e2e/admin-passkeys.spec.ts).
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${E2E_PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      NOTIFY_EMAIL_FROM: 'docket@rm5.example',
      NOTIFY_EMAIL_TO: 'ops@rm5.example',
      // The console's single sign-on; the provider is discovered on first use, so it need only be up then.
      ADMIN_OIDC_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
      ADMIN_OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id,
      ADMIN_OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
      BRAND_COMPANY: process.env.BRAND_COMPANY,
    },
  },
})
