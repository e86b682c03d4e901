// Each test is a visitor of its own: a client address of its own in X-Forwarded-For, which the e2e
// server believes from loopback (TRUST_PROXY=loopback in playwright.config.ts). Distinct people
// are distinct clients; without this every test would be 127.0.0.1 and spend one shared per-client
// form limit, so a test's outcome would depend on how many others posted before it.
import { test as base } from '@playwright/test'
import { randomIp } from '../../helpers/form-bodies.ts'

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': randomIp() })
  },
})
