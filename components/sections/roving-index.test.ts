import { describe, expect, it } from 'vitest'
import { nextTabIndex } from './roving-index.ts'

describe('nextTabIndex', () => {
  it('moves forward and back on both axes, wrapping around', () => {
    expect(nextTabIndex('ArrowRight', 0, 8)).toBe(1)
    expect(nextTabIndex('ArrowDown', 7, 8)).toBe(0)
    expect(nextTabIndex('ArrowLeft', 0, 8)).toBe(7)
    expect(nextTabIndex('ArrowUp', 3, 8)).toBe(2)
  })

  it('jumps to the ends with Home and End', () => {
    expect(nextTabIndex('Home', 5, 8)).toBe(0)
    expect(nextTabIndex('End', 2, 8)).toBe(7)
  })

  it('ignores other keys and empty lists', () => {
    expect(nextTabIndex('Enter', 2, 8)).toBeUndefined()
    expect(nextTabIndex('ArrowDown', 0, 0)).toBeUndefined()
  })
})
