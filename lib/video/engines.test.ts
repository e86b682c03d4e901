import { describe, expect, it } from 'vitest'
import { engineOrder, nextEngine } from './engines.ts'

describe('engineOrder', () => {
  it('prefers native HLS, then hls.js over MSE, then the mp4 rendition', () => {
    expect(engineOrder({ nativeHls: true, mse: true })).toEqual(['native', 'hls.js', 'mp4'])
    expect(engineOrder({ nativeHls: false, mse: true })).toEqual(['hls.js', 'mp4'])
    expect(engineOrder({ nativeHls: true, mse: false })).toEqual(['native', 'mp4'])
    expect(engineOrder({ nativeHls: false, mse: false })).toEqual(['mp4'])
  })

  it('falls back along the order and stops after the last engine', () => {
    const order = engineOrder({ nativeHls: true, mse: true })
    expect(nextEngine(order, 'native')).toBe('hls.js')
    expect(nextEngine(order, 'hls.js')).toBe('mp4')
    expect(nextEngine(order, 'mp4')).toBeUndefined()
    expect(nextEngine(['mp4'], 'native')).toBeUndefined()
  })
})
