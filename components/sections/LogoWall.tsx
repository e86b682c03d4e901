import type { Wordmark as WordmarkData } from '../../lib/content/company.ts'
import { Wordmark } from './Wordmark.tsx'

/** A grid of wordmarks (investors, media outlets). */
export function LogoWall({ marks, label }: { marks: WordmarkData[]; label: string }) {
  return (
    <ul className="logo-wall" aria-label={label}>
      {marks.map((mark) => (
        <li key={mark.name} className="logo-wall__item">
          <Wordmark mark={mark} />
        </li>
      ))}
    </ul>
  )
}
