import type { CSSProperties } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { Island } from '../../components/islands/Island.tsx'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { brand } from '../../lib/brand.ts'
import { type GateRetailer, retailerNames } from '../../lib/retailers.ts'
import { GateCard } from './GateCard.tsx'
import { gateThemes } from './themes.ts'

// HTML-only page (decision 020) whose card is an island (decision 022): see +client.ts. Its form
// posts without JavaScript; a post that comes back (`?error=`, `?step=`) is rendered per request
// with the notice or step in the HTML.
export default function Page() {
  const { routeParams, urlParsed } = usePageContext()
  const retailer = routeParams.retailer as GateRetailer
  const theme = gateThemes[retailer]
  const style = { '--gate-tint': theme.tint, '--gate-tint-ink': theme.ink } as CSSProperties
  return (
    <div className="gate" style={style} data-retailer={retailer}>
      <PageHero
        page="access"
        eyebrow="Private docket"
        title={
          <>
            <span className="gate__name">{retailerNames[retailer]}</span>{' '}
            <span className="gate__times">×</span> {brand.product}
          </>
        }
        compact
      >
        <Island name="gate">
          <GateCard retailer={retailer} search={urlParsed.search} />
        </Island>
      </PageHero>
    </div>
  )
}
