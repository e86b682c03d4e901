// `--allow-domain circlek.com` (repeatable, or a comma list): the domains whose addresses get a
// link for a code that requires an e-mail (the rule: server/access/email-domains.server.ts).
import { InvalidArgumentError, Option } from 'commander'
import { DOMAIN_HINT, parseDomain } from '../../../server/access/email-domains.server.ts'

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
