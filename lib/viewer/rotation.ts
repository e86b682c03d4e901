// Rotation math of the 360° viewer (docs/original-behaviour.md §9): every 15 px of horizontal drag is one frame; dragging
// right steps back, dragging left steps forward, and the sequence wraps around both ways.

export const DRAG_STEP_PX = 15

/** `index + delta` wrapped into 0 … count-1 (for any integer delta, negative included). */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0
  return (((index + delta) % count) + count) % count
}

export interface DragState {
  index: number
  /** Pointer x at which the last step was taken (or the drag began). */
  anchorX: number
}

/**
 * The state after the pointer moved to `x`. Whole steps only: the remainder stays in the anchor,
 * so a slow drag of 1 px at a time still turns one frame per 15 px.
 */
export function dragTo(state: DragState, x: number, count: number, stepPx: number = DRAG_STEP_PX): DragState {
  const steps = Math.trunc((x - state.anchorX) / stepPx)
  if (steps === 0 || count <= 1) return state
  return { index: wrapIndex(state.index, -steps, count), anchorX: state.anchorX + steps * stepPx }
}

/**
 * Keyboard steps, matching the previous/next buttons beside the viewer (‹ is previous): the usual
 * carousel convention, rather than mirroring the spec's drag direction, so keys and buttons agree.
 */
export function keyStep(key: string): number | undefined {
  switch (key) {
    case 'ArrowLeft':
      return -1
    case 'ArrowRight':
      return 1
    default:
      return undefined
  }
}
