// A picture of a partner's gate (the dark hero with the name in its tint, the card with the
// monogram), drawn on the server as SVG: the console's preview while a theme is edited. An image,
// not the page's own markup, because the console's CSP allows no inline style for the tint.
import { brand } from '../../../lib/brand.ts'
import type { PartnerFields } from '../../partners/partner-store.server.ts'

export type GatePreviewValues = Pick<
  PartnerFields,
  'name' | 'tint' | 'ink' | 'monogram' | 'audience' | 'open'
>

const FONT = 'Inter, ui-sans-serif, system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif'

/** A heading's size that keeps a long name inside the hero's column. */
const fitting = (text: string, width: number, largest: number) =>
  Math.max(12, Math.min(largest, Math.floor(width / (Math.max(text.length, 1) * 0.56))))

export function GatePreview({ values }: { values: GatePreviewValues }) {
  const heading = `${values.name} × ${brand.product}`
  const lede = values.open
    ? `${values.name} teams open the docket directly: no access code needed.`
    : `This area is for invited ${values.name} partners.`
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 360" width="720" height="360" fontFamily={FONT}>
      <title>{`Preview of the ${values.name} gate`}</title>
      <rect width="720" height="360" fill="#0b0d10" />
      <text x="36" y="120" fill="#a3acb6" fontSize="11" fontWeight="700" letterSpacing="1.5">
        PRIVATE DOCKET
      </text>
      <text x="36" y="162" fontSize={fitting(heading, 300, 30)} fontWeight="700" fill="#ffffff">
        <tspan fill={values.tint}>{values.name}</tspan>
        <tspan fill="#a3acb6" fontWeight="400">
          {' '}
          ×
        </tspan>{' '}
        {brand.product}
      </text>
      <text x="36" y="196" fill="#a3acb6" fontSize={fitting(lede, 300, 13)}>
        {lede}
      </text>
      <rect x="372" y="48" width="320" height="264" rx="20" fill="#ffffff" />
      <rect x="396" y="72" width="48" height="48" rx="14" fill={values.tint} />
      <text
        x="420"
        y="101"
        textAnchor="middle"
        fontSize="14"
        fontWeight="750"
        fill={values.ink}
        letterSpacing="0.3"
      >
        {values.monogram}
      </text>
      <text x="458" y="90" fill="#535b65" fontSize="10" fontWeight="700" letterSpacing="1">
        {values.audience.toUpperCase().slice(0, 30)}
      </text>
      <text x="458" y="110" fill="#0b0d10" fontSize="14" fontWeight="700">
        {values.open ? 'Open the docket' : 'Enter your access code'}
      </text>
      {values.open ? null : (
        <rect x="396" y="146" width="272" height="44" rx="10" fill="#ffffff" stroke="#c9cec8" />
      )}
      <rect x="396" y={values.open ? 146 : 204} width="272" height="44" rx="22" fill="#c6ff3d" />
      <text
        x="532"
        y={values.open ? 173 : 231}
        textAnchor="middle"
        fill="#0b0d10"
        fontSize="13"
        fontWeight="650"
      >
        Access Docket →
      </text>
      <line x1="396" y1="272" x2="668" y2="272" stroke="#e1e4e0" />
      <text x="396" y="294" fill="#535b65" fontSize="10">
        {values.open ? 'Questions?' : 'Codes are issued by our partnerships team.'}
      </text>
    </svg>
  )
}
