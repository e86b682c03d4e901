// `--allow-domain circlek.com` (repeatable, or a comma list): the domains whose addresses get a
// link for a code that requires an e-mail. Stored lowercase, in ASCII (an international name as
// its xn-- form), without "@"; subdomains are allowed with their domain (emailAllowed).
import { domainToASCII } from 'node:url'
import { InvalidArgumentError, Option } from 'commander'

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

/** Each use adds to the list; a comma list adds several. Duplicates are dropped. */
export const allowDomainOption = () =>
  new Option(
    '--allow-domain <domains>',
    'Only addresses at this domain (or its subdomains) get a link; repeat it or give a comma list (default: any domain)',
  ).argParser((value: string, previous: string[] | undefined) => {
    const domains = value.split(',').map((part) => {
      const domain = parseDomain(part)
      if (!domain) throw new InvalidArgumentError(`"${part.trim()}" is not a domain. ${DOMAIN_HINT}`)
      return domain
    })
    return [...new Set([...(previous ?? []), ...domains])]
  })

/** How `list` and the other commands show a code's e-mail requirement. */
export const describeEmailRule = (requireEmail: boolean, allowDomains: readonly string[]) =>
  !requireEmail ? 'no' : allowDomains.length ? allowDomains.join(', ') : 'any domain'
