import { type PointerEvent, useCallback, useRef, useState } from 'react'
import { dragTo } from '../../../lib/turntable/rotation.ts'

/**
 * Mouse, touch and pen drags as pointer events (docs/original-behaviour.md §4: a dragging flag from
 * press to release), counted in frames turned: a drag made before the frame list has arrived (or
 * before hydration, replayed by the island) still turns the vehicle once it has. The pointer is
 * captured, so a drag that leaves the image keeps turning it until release.
 */
export function useDragRotate(turn: number, setTurn: (turn: number) => void) {
  const [dragging, setDragging] = useState(false)
  const drag = useRef<{ turn: number; anchorX: number; pointer: number } | undefined>(undefined)

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return
      drag.current = { turn, anchorX: event.clientX, pointer: event.pointerId }
      try {
        event.currentTarget.setPointerCapture?.(event.pointerId)
      } catch {
        // A press replayed after hydration has no live pointer to capture; the drag still counts.
      }
      setDragging(true)
    },
    [turn],
  )

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const current = drag.current
      if (!current || current.pointer !== event.pointerId) return
      const next = dragTo(current, event.clientX)
      if (next === current) return
      drag.current = { ...next, pointer: current.pointer }
      setTurn(next.turn)
    },
    [setTurn],
  )

  const end = useCallback((event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointer !== event.pointerId) return
    drag.current = undefined
    setDragging(false)
  }, [])

  return { dragging, handlers: { onPointerDown, onPointerMove, onPointerUp: end, onPointerCancel: end } }
}
