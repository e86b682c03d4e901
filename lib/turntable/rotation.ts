// Rotation math of the 360° viewer (docs/original-behaviour.md §9): every 15 px of horizontal drag is one frame; dragging
// right steps back, dragging left steps forward, and the sequence wraps around both ways.

export const DRAG_STEP_PX = 15

/** `index + delta` wrapped into 0 … count-1 (for any integer delta, negative included). */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0
  return (((index + delta) % count) + count) % count
}

export interface DragState {
  /** Frames turned since the turntable opened, unwrapped (the frame count may not be known yet). */
  turn: number
  /** Pointer x at which the last step was taken (or the drag began). */
  anchorX: number
}

/**
 * The state after the pointer moved to `x`. Whole steps only: the remainder stays in the anchor,
 * so a slow drag of 1 px at a time still turns one frame per 15 px.
 */
export function dragTo(state: DragState, x: number, stepPx: number = DRAG_STEP_PX): DragState {
  const steps = Math.trunc((x - state.anchorX) / stepPx)
  if (steps === 0) return state
  return { turn: state.turn - steps, anchorX: state.anchorX + steps * stepPx }
}

/** The frame shown after `turn` steps from the first one. */
export const frameAt = (turn: number, count: number): number => wrapIndex(0, turn, count)

/**
 * Keyboard steps, matching the previous/next buttons beside the turntable (‹ is previous): the usual
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
