// The domains whose addresses get a link for a code that requires an e-mail, as `rm5 codes
// --allow-domain` and the console's code form take them. Stored lowercase, in ASCII (an
// international name as its xn-- form), without "@"; subdomains are allowed with their domain
// (emailAllowed, email-links.server.ts).
import { domainToASCII } from 'node:url'

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/** A domain as stored, or null: at least two labels, letters, digits and inner hyphens only. */
export function parseDomain(value: string): string | null {
  const given = value.trim().toLowerCase().replace(/\.$/, '')
  if (!given || given.includes('@')) return null
  const ascii = domainToASCII(given)
  if (!ascii || ascii.length > 253) return null
  const labels = ascii.split('.')
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null
  // A top-level domain of digits only is an IP address, not a mail domain.
  if (/^[0-9]+$/.test(labels.at(-1) ?? '')) return null
  return ascii
}

export const DOMAIN_HINT = 'Give a domain like circlek.com (no "@", no address), several with commas.'
