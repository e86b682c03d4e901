import type { Milestone } from '../../lib/content/company.ts'

/** The company history as an ordered list of milestones. */
export function Timeline({ milestones }: { milestones: Milestone[] }) {
  return (
    <ol className="timeline">
      {milestones.map((milestone, index) => (
        <li
          key={`${milestone.year}-${milestone.title}`}
          className={index === milestones.length - 1 ? 'timeline__item is-current' : 'timeline__item'}
        >
          <p className="timeline__year">{milestone.year}</p>
          <div className="timeline__card">
            <h3>{milestone.title}</h3>
            <p>{milestone.body}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}
