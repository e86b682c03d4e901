import type { CSSProperties, ReactNode } from 'react'
import { brand } from '../../lib/brand.ts'
import type { Partner } from '../../lib/partners.ts'

/** A partner's colours as the gate's stylesheet reads them (gate.css: --gate-tint, --gate-tint-ink). */
export const gateStyle = (partner: Pick<Partner, 'tint' | 'ink'>) =>
  ({ '--gate-tint': partner.tint, '--gate-tint-ink': partner.ink }) as CSSProperties

/** The hero's title on a partner's pages: its name in its tint, "×", the product. */
export function GateTitle({ partner }: { partner: Pick<Partner, 'name'> }) {
  return (
    <>
      <span className="gate__name">{partner.name}</span> <span className="gate__times">×</span>{' '}
      {brand.product}
    </>
  )
}

/** The card's head: the partner's logo or monogram, who the gate is for, and the card's title. */
export function GateCardHead({
  partner,
  titleId,
  children,
}: {
  partner: Pick<Partner, 'logoUrl' | 'monogram' | 'audience'>
  titleId: string
  children: ReactNode
}) {
  return (
    <div className="gate-card__head">
      {partner.logoUrl ? (
        <img className="gate-card__logo" src={partner.logoUrl} alt="" width={48} height={48} />
      ) : (
        <span className="gate-card__monogram" aria-hidden="true">
          {partner.monogram}
        </span>
      )}
      <div>
        <p className="gate-card__kicker caps-label">{partner.audience}</p>
        <h2 className="gate-card__title" id={titleId}>
          {children}
        </h2>
      </div>
    </div>
  )
}
