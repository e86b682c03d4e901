import { type KeyboardEvent, useRef, useState } from 'react'
import type { Capability } from '../../lib/content/capabilities'
import { nextTabIndex } from './roving-index'

/**
 * The technology page's capability map: the eight nodes are tabs (roving tabindex, arrow keys,
 * Home/End, automatic activation); each panel holds the node's Overview and How It Works. Every
 * panel is in the server HTML (inactive ones `hidden`), so all the copy is crawlable without JS.
 */
export function CapabilityMap({
  capabilities,
  labelledBy,
}: {
  capabilities: Capability[]
  labelledBy: string
}) {
  const [selected, setSelected] = useState(0)
  const tabs = useRef<Array<HTMLButtonElement | null>>([])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextTabIndex(event.key, selected, capabilities.length)
    if (next === undefined) return
    event.preventDefault()
    setSelected(next)
    tabs.current[next]?.focus()
  }

  return (
    <div className="capability-map">
      <div
        className="capability-map__nodes"
        role="tablist"
        aria-labelledby={labelledBy}
        aria-orientation="vertical"
        onKeyDown={onKeyDown}
      >
        {capabilities.map((capability, index) => {
          const isSelected = index === selected
          return (
            <button
              key={capability.id}
              ref={(element) => {
                tabs.current[index] = element
              }}
              type="button"
              role="tab"
              id={`capability-tab-${capability.id}`}
              aria-selected={isSelected}
              aria-controls={`capability-panel-${capability.id}`}
              tabIndex={isSelected ? 0 : -1}
              className="capability-node"
              onClick={() => setSelected(index)}
            >
              <span className="capability-node__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <span className="capability-node__text">
                <span className="capability-node__name">{capability.name}</span>
                <span className="capability-node__layer">{capability.layer}</span>
              </span>
            </button>
          )
        })}
      </div>
      {capabilities.map((capability, index) => (
        <div
          key={capability.id}
          role="tabpanel"
          id={`capability-panel-${capability.id}`}
          aria-labelledby={`capability-tab-${capability.id}`}
          hidden={index !== selected}
          className="capability-panel"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: the panel takes focus when it has no focusable content
          tabIndex={0}
        >
          <p className="capability-panel__layer">
            {String(index + 1).padStart(2, '0')} · {capability.layer}
          </p>
          <h3 className="capability-panel__title">{capability.name}</h3>
          <p className="capability-panel__summary">{capability.summary}</p>
          <div className="capability-panel__columns">
            <section aria-labelledby={`capability-overview-${capability.id}`}>
              <h4 id={`capability-overview-${capability.id}`}>Overview</h4>
              <p>{capability.overview}</p>
              {capability.metric ? (
                <p className="capability-panel__metric">
                  <strong>{capability.metric.value}</strong> {capability.metric.label}
                </p>
              ) : null}
            </section>
            <section aria-labelledby={`capability-how-${capability.id}`}>
              <h4 id={`capability-how-${capability.id}`}>How It Works</h4>
              <ol className="capability-panel__steps">
                {capability.howItWorks.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </section>
          </div>
        </div>
      ))}
    </div>
  )
}
