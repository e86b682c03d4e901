import type { JourneyStep } from '../../lib/content/experience.ts'

/** The delivery journey as an ordered list: the order of the steps is the content. */
export function JourneySteps({ steps }: { steps: JourneyStep[] }) {
  return (
    <ol className="journey">
      {steps.map((step, index) => (
        <li key={step.title} className="journey__step">
          <span className="journey__number badge" aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <div className="journey__body">
            <p className="journey__actor">
              <span className="visually-hidden">Step {index + 1}, </span>
              {step.actor}
            </p>
            <h3>{step.title}</h3>
            <p>{step.body}</p>
            <p className="journey__detail">{step.detail}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}
