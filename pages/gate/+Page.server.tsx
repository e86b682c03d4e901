import type { PageContextServer } from 'vike/types'
import { usePageContext } from 'vike-react/usePageContext'
import { Island } from '../../components/islands/Island.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { SIGNED_OUT_NOTICE } from '../../lib/access.ts'
import type { Partner } from '../../lib/partners.ts'
import { GateCard } from './GateCard.tsx'
import { GateContinue } from './GateContinue.tsx'
import { GateTitle, gateStyle } from './GateTheme.tsx'
import { PARTNER_ATTRIBUTE } from './partner-attribute.ts'
// Linked, not inline: this page is rendered for one request at times (renderer/+Head.tsx, decision 020).
import '../../renderer/site.css'

// HTML-only page (decision 020) whose card is an island (decision 022): see +client.ts. Its form
// posts without JavaScript; a post that comes back (`?error=`, `?step=`) is a kept render of its
// own with the notice or step in the HTML (+queryVariants.ts). The partner (name, theme) comes from the server's partners
// (+route.ts found it); the island reads the same values from the page (partner-attribute.ts).
// A visitor whose session for this partner still holds is offered the way on (GateContinue, outside
// the island: it depends on the verified grants, which the browser never sees); the code form stays
// below for another code.
export default function Page() {
  const { routeParams, urlParsed, partners, accessGrants = [] } = usePageContext() as PageContextServer
  const partner = partners?.get(routeParams.retailer ?? '') as Partner
  const signedIn = accessGrants.includes(partner.slug)
  const signedOut = urlParsed.search.notice === SIGNED_OUT_NOTICE && !signedIn
  return (
    <div
      className={signedIn ? 'gate gate--signed-in' : signedOut ? 'gate gate--signed-out' : 'gate'}
      style={gateStyle(partner)}
      data-retailer={partner.slug}
      {...{ [PARTNER_ATTRIBUTE]: JSON.stringify(partner) }}
    >
      <PageHero page="access" eyebrow="Private docket" title={<GateTitle partner={partner} />} compact>
        {signedOut ? (
          <div className="gate__signed-out" role="status">
            <p className="gate__signed-out-title">You are signed out</p>
            <p>Your data room sessions on this browser have ended. Your code opens the docket again.</p>
          </div>
        ) : null}
        {signedIn ? <GateContinue partner={partner} /> : null}
        <Island name="gate">
          <GateCard partner={partner} search={urlParsed.search} />
        </Island>
      </PageHero>
    </div>
  )
}
