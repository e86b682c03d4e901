import { type CSSProperties, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { PageHero } from '../../components/layout/PageHero.tsx'
import { brand } from '../../lib/brand.ts'
import { type CodeRetailer, type GateRetailer, retailerNames } from '../../lib/retailers.ts'
import { EmailForm, StepMessage } from './EmailStep.tsx'
import { GateForm, noticeFromQuery } from './GateForm.tsx'
import { type GateStepView, stepFromQuery, stepTitles } from './gate-steps.ts'
import type { Notice } from './notices.ts'
import { gateThemes } from './themes.ts'

export default function Page() {
  const { routeParams, urlParsed } = usePageContext()
  const retailer = routeParams.retailer as GateRetailer
  const theme = gateThemes[retailer]
  const name = retailerNames[retailer]
  const needsCode = retailer !== 'walmart'
  // A code that requires an e-mail goes on to the e-mail step: from the query after a no-JS post,
  // in place once hydrated. The notice a post came back with belongs to that step.
  const [view, setView] = useState<{ step: GateStepView; notice: Notice | null }>(() => ({
    step: stepFromQuery(urlParsed.search, needsCode),
    notice: noticeFromQuery(urlParsed.search),
  }))
  const goTo = (step: GateStepView, notice: Notice | null = null) => setView({ step, notice })
  const title =
    view.step === 'code' ? (needsCode ? 'Enter your access code' : 'Open the docket') : stepTitles[view.step]
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
          {view.step !== 'code'
            ? `Your code is right. The ${name} docket names its viewers: it opens with a one-time link sent to your work e-mail.`
            : needsCode
              ? `This area is for invited ${name} partners. Enter the access code you were given to open the docket.`
              : `${name} teams open the docket directly: no access code needed.`}
        </p>
        <section className="gate-card" aria-labelledby="gate-card-title">
          <div className="gate-card__head">
            <span className="gate-card__monogram" aria-hidden="true">
              {theme.monogram}
            </span>
            <div>
              <p className="gate-card__kicker caps-label">{theme.audience}</p>
              <h2 className="gate-card__title" id="gate-card-title">
                {title}
              </h2>
            </div>
          </div>
          {view.step === 'code' ? (
            <GateForm retailer={retailer} initialNotice={view.notice} onStep={(step) => goTo(step)} />
          ) : view.step === 'email' ? (
            <EmailForm retailer={retailer as CodeRetailer} initialNotice={view.notice} onStep={goTo} />
          ) : (
            <StepMessage retailer={retailer as CodeRetailer} step={view.step} />
          )}
          <p className="gate-card__help">
            {needsCode && view.step === 'code'
              ? 'Codes are issued by our partnerships team. Need one? '
              : 'Questions? '}
            <a href={`mailto:${brand.email}`}>{brand.email}</a>
          </p>
        </section>
      </PageHero>
    </div>
  )
}
