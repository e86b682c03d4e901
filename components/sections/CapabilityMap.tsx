import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import { useHydrated } from 'vike-react/useHydrated'
import type { Capability } from '../../lib/content/capabilities.ts'
import { ListItems } from './ListItems.tsx'
import { nextTabIndex } from './roving-index.ts'

const tabId = (capability: Capability) => `capability-tab-${capability.id}`
const panelId = (capability: Capability) => `capability-panel-${capability.id}`

/**
 * The technology page's capability map. In the HTML the eight nodes are links to the eight
 * capabilities, each an article of its own: without JavaScript all of them are shown, one under
 * the other (CapabilityMap.css). Once the island hydrates, the nodes become tabs (roving
 * tabindex, arrow keys, Home/End, automatic activation) and one panel shows at a time; with
 * JavaScript on, the CSS shows only the first one from the first paint, so nothing moves then. A
 * node pressed before hydration is held and replayed (components/islands/early-input.ts), and a
 * capability named in the address (#capability-panel-…) opens selected.
 */
export function CapabilityMap({
  capabilities,
  labelledBy,
}: {
  capabilities: Capability[]
  labelledBy: string
}) {
  const hydrated = useHydrated()
  const [selected, setSelected] = useState(0)
  const tabs = useRef<Array<HTMLAnchorElement | null>>([])

  useEffect(() => {
    const named = capabilities.findIndex((capability) => `#${panelId(capability)}` === window.location.hash)
    if (named >= 0) setSelected(named)
  }, [capabilities])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextTabIndex(event.key, selected, capabilities.length)
    if (next === undefined) return
    event.preventDefault()
    setSelected(next)
    tabs.current[next]?.focus()
  }

  const select = (event: MouseEvent, index: number) => {
    event.preventDefault()
    setSelected(index)
  }

  return (
    <div className="capability-map">
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: a tab list once hydrated (the role is set then) */}
      <div
        className="capability-map__nodes"
        role={hydrated ? 'tablist' : undefined}
        aria-labelledby={hydrated ? labelledBy : undefined}
        aria-orientation={hydrated ? 'vertical' : undefined}
        onKeyDown={onKeyDown}
      >
        {capabilities.map((capability, index) => {
          const isSelected = index === selected
          return (
            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a tab once hydrated (the role is set then)
            <a
              key={capability.id}
              ref={(element) => {
                tabs.current[index] = element
              }}
              href={`#${panelId(capability)}`}
              // early-input.ts: a press before hydration is held, then selects the tab
              data-island-defer=""
              data-selected={isSelected ? '' : undefined}
              role={hydrated ? 'tab' : undefined}
              id={tabId(capability)}
              aria-selected={hydrated ? isSelected : undefined}
              aria-controls={hydrated ? panelId(capability) : undefined}
              tabIndex={hydrated ? (isSelected ? 0 : -1) : undefined}
              className="capability-node"
              onClick={(event) => select(event, index)}
            >
              <span className="capability-node__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <span className="capability-node__text">
                <span className="capability-node__name">{capability.name}</span>
                <span className="capability-node__layer">{capability.layer}</span>
              </span>
            </a>
          )
        })}
      </div>
      {capabilities.map((capability, index) => (
        <article
          key={capability.id}
          role={hydrated ? 'tabpanel' : undefined}
          id={panelId(capability)}
          aria-labelledby={hydrated ? tabId(capability) : `capability-title-${capability.id}`}
          hidden={hydrated ? index !== selected : undefined}
          data-selected={index === selected ? '' : undefined}
          className="capability-panel"
          // APG tabs: the panel takes focus when it has no focusable content.
          tabIndex={hydrated ? 0 : undefined}
        >
          <p className="capability-panel__layer caps-label">
            {String(index + 1).padStart(2, '0')} · {capability.layer}
          </p>
          <h3 className="capability-panel__title" id={`capability-title-${capability.id}`}>
            {capability.name}
          </h3>
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
              <ol className="capability-panel__steps grid-list">
                <ListItems items={capability.howItWorks} />
              </ol>
            </section>
          </div>
        </article>
      ))}
    </div>
  )
}
