// What a visitor does inside an island before React has taken it over (README.md in this folder):
// recorded on the island's element and dispatched again, in order, once the island has hydrated,
// so an early drag, hover, key or press is delayed, never dropped.

/** Marks a control whose native action the island replaces (a link that opens a dialog). */
export const DEFER_ATTRIBUTE = 'data-island-defer'

/** Events that are recorded; each of them also starts the island. */
export const RECORDED = [
  'pointerdown',
  'pointermove',
  'pointerup',
  'pointercancel',
  'pointerover',
  'pointerout',
  'keydown',
  'click',
] as const
/** Events that only start the island (focus and touch say the visitor is about to use it). */
export const STARTING = ['focusin', 'touchstart'] as const

/** A long hold-up still replays a whole drag; beyond this the oldest moves are dropped. */
const MAX_EVENTS = 600

export interface EarlyInput {
  /** Stops recording; from here on React hears events itself. */
  stop(): void
  /** Dispatches the recorded events again, to the same elements, in order. */
  replay(): void
  /** The island could not load: presses held back get their native action after all. */
  giveBack(): void
}

function copy(event: Event): Event {
  if (event instanceof PointerEvent) return new PointerEvent(event.type, event)
  if (event instanceof KeyboardEvent) return new KeyboardEvent(event.type, event)
  return new MouseEvent(event.type, event as MouseEvent)
}

/** Records input inside `container`; `onInput` is called for every event (it starts the island). */
export function recordEarlyInput(container: Element, onInput: () => void): EarlyInput {
  const events: Event[] = []
  const deferred: HTMLElement[] = []
  const record = (event: Event) => {
    onInput()
    if (!(event.target instanceof Element)) return
    if (event.type === 'click') {
      const control = event.target.closest<HTMLElement>(`[${DEFER_ATTRIBUTE}]`)
      // Only held-back presses are replayed: any other click already did what it does.
      if (!control) return
      event.preventDefault()
      deferred.push(control)
    }
    // Moves matter only while a button is down (a drag); hovering is told by over/out.
    if (event.type === 'pointermove' && (event as PointerEvent).buttons === 0) return
    events.push(event)
    if (events.length > MAX_EVENTS) {
      events.splice(
        Math.max(
          0,
          events.findIndex((e) => e.type === 'pointermove'),
        ),
        1,
      )
    }
  }
  const start = () => onInput()
  for (const type of RECORDED) container.addEventListener(type, record, { capture: true })
  for (const type of STARTING) container.addEventListener(type, start, { capture: true, passive: true })

  const stop = () => {
    for (const type of RECORDED) container.removeEventListener(type, record, { capture: true })
    for (const type of STARTING) container.removeEventListener(type, start, { capture: true })
  }
  return {
    stop,
    replay() {
      for (const event of events.splice(0)) {
        if (event.target instanceof Element && event.target.isConnected)
          event.target.dispatchEvent(copy(event))
      }
    },
    giveBack() {
      stop()
      const last = deferred.at(-1)
      if (last?.isConnected) last.click()
    },
  }
}
