import { useState } from 'react'
import { brand } from '../../lib/brand.ts'
import type { Partner } from '../../lib/partners.ts'
import { EmailForm, StepMessage } from './EmailStep.tsx'
import { GateForm, noticeFromQuery } from './GateForm.tsx'
import { GateCardHead } from './GateTheme.tsx'
import { type GateStepView, stepFromQuery, stepTitles } from './gate-steps.ts'
import type { Notice } from './notices.ts'

/**
 * What changes on a gate: the lede and the card with its step (the code, or the e-mail step after
 * a code that requires one). The server renders it inside the page's hero as the `gate` island;
 * the browser hydrates it from the same URL (GateIsland.tsx). The step comes from the query after
 * a no-JS post (`?step=email`), in place once hydrated; the notice a post came back with belongs
 * to that step.
 */
export function GateCard({ partner, search }: { partner: Partner; search: Record<string, string> }) {
  const { slug: retailer, name } = partner
  const needsCode = !partner.open
  const [view, setView] = useState<{ step: GateStepView; notice: Notice | null }>(() => ({
    step: stepFromQuery(search, needsCode),
    notice: noticeFromQuery(search),
  }))
  const goTo = (step: GateStepView, notice: Notice | null = null) => setView({ step, notice })
  const title =
    view.step === 'code' ? (needsCode ? 'Enter your access code' : 'Open the docket') : stepTitles[view.step]
  return (
    <>
      <p className="lede gate__lede">
        {view.step !== 'code'
          ? `Your code is right. The ${name} docket names its viewers: it opens with a one-time link sent to your work e-mail.`
          : needsCode
            ? `This area is for invited ${name} partners. Enter the access code you were given to open the docket.`
            : `${name} teams open the docket directly: no access code needed.`}
      </p>
      <section className="gate-card" aria-labelledby="gate-card-title">
        <GateCardHead partner={partner} titleId="gate-card-title">
          {title}
        </GateCardHead>
        {view.step === 'code' ? (
          <GateForm
            retailer={retailer}
            needsCode={needsCode}
            initialNotice={view.notice}
            onStep={(step) => goTo(step)}
          />
        ) : view.step === 'email' ? (
          <EmailForm retailer={retailer} initialNotice={view.notice} onStep={goTo} />
        ) : (
          <StepMessage retailer={retailer} step={view.step} />
        )}
        <p className="gate-card__help">
          {needsCode && view.step === 'code'
            ? 'Codes are issued by our partnerships team. Need one? '
            : 'Questions? '}
          <a href={`mailto:${brand.email}`}>{brand.email}</a>
        </p>
      </section>
    </>
  )
}
