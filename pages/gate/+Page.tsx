import type { CSSProperties } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { brand } from '../../lib/brand.ts'
import { type GateRetailer, retailerNames } from '../../lib/retailers.ts'
import { GateForm } from './GateForm.tsx'
import { gateThemes } from './themes.ts'

export default function Page() {
  const retailer = usePageContext().routeParams.retailer as GateRetailer
  const theme = gateThemes[retailer]
  const name = retailerNames[retailer]
  const needsCode = retailer !== 'walmart'
  const style = { '--gate-tint': theme.tint, '--gate-tint-ink': theme.ink } as CSSProperties
  return (
    <div className="gate" style={style} data-retailer={retailer}>
      <PageHero
        page="access"
        eyebrow="Private docket"
        title={
          <>
            <span className="gate__name">{name}</span> <span className="gate__times">×</span> {brand.product}
          </>
        }
        compact
      >
        <p className="lede gate__lede">
          {needsCode
            ? `This area is for invited ${name} partners. Enter the access code you were given to open the docket.`
            : `${name} teams open the docket directly: no access code needed.`}
        </p>
        <section className="gate-card" aria-labelledby="gate-card-title">
          <div className="gate-card__head">
            <span className="gate-card__monogram" aria-hidden="true">
              {theme.monogram}
            </span>
            <div>
              <p className="gate-card__kicker">{theme.audience}</p>
              <h2 className="gate-card__title" id="gate-card-title">
                {needsCode ? 'Enter your access code' : 'Open the docket'}
              </h2>
            </div>
          </div>
          <GateForm retailer={retailer} />
          <p className="gate-card__help">
            {needsCode ? 'Codes are issued by our partnerships team. Need one? ' : 'Questions? '}
            <a href={`mailto:${brand.email}`}>{brand.email}</a>
          </p>
        </section>
      </PageHero>
    </div>
  )
}
