// The two things kept of a user agent: the kind of device and the browser's family, read by
// bowser (a maintained parser). The user agent itself is never stored.
import Bowser from 'bowser'

const DEVICES = new Set(['desktop', 'mobile', 'tablet', 'tv'])

export function deviceAndBrowser(userAgent: string): { device: string; browser: string } {
  const parsed = Bowser.parse(userAgent)
  const type = parsed.platform.type
  return {
    device: type && DEVICES.has(type) ? type : 'other',
    browser: parsed.browser.name?.slice(0, 60) || 'Other',
  }
}
