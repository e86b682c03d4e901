import { brand } from '../../lib/brand.ts'

/** The wordmark, drawn inline so it needs no request; `tone` picks the dark or light version
 * (the header switches it by its data-tone attribute, renderer/styles/header.css). */
export function Logo({ tone }: { tone: 'light' | 'dark' }) {
  const ink = tone === 'light' ? '#ffffff' : '#0b0d10'
  return (
    <svg
      className="logo"
      data-tone={tone}
      viewBox="0 0 112 28"
      width="112"
      height="28"
      role="img"
      aria-label={brand.product}
    >
      <rect x="0" y="4" width="20" height="20" rx="6" fill="#c6ff3d" />
      <path
        d="M6 18V10h5a3 3 0 0 1 0 6H9l4 2"
        fill="none"
        stroke="#0b0d10"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="28" y="21" fill={ink} fontFamily="inherit" fontSize="19" fontWeight="700" letterSpacing="0.5">
        {brand.product}
      </text>
    </svg>
  )
}
