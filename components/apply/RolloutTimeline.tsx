import { type RolloutPhase, rolloutStatusLabels } from '../../lib/content/rollout.ts'
import { ListItems } from '../sections/ListItems.tsx'

/**
 * The rollout phases on a rail. Each status has its own look (lit, outlined, dashed) and is also
 * written out, so it never depends on colour alone.
 */
export function RolloutTimeline({ phases }: { phases: RolloutPhase[] }) {
  return (
    <ol className="rollout" aria-label="Rollout phases">
      {phases.map((phase) => (
        <li
          key={phase.phase}
          className={`rollout__phase rollout__phase--${phase.status}`}
          data-status={phase.status}
        >
          <span className="rollout__node" aria-hidden="true" />
          <article className="rollout__card" aria-labelledby={`rollout-${phase.phase}`}>
            <div className="rollout__meta">
              <span className="rollout__number caps-label">Phase {phase.phase}</span>
              <span className="rollout__status">
                <span className="rollout__dot" aria-hidden="true" />
                {rolloutStatusLabels[phase.status]}
              </span>
            </div>
            <p className="rollout__timeline">{phase.timeline}</p>
            <h3 className="rollout__title" id={`rollout-${phase.phase}`}>
              {phase.title}
            </h3>
            <p className="rollout__description">{phase.description}</p>
            <ul className="rollout__markets" aria-label={`${phase.title} markets`}>
              <ListItems items={phase.markets} />
            </ul>
          </article>
        </li>
      ))}
    </ol>
  )
}
