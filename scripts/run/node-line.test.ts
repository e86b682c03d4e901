import { describe, expect, it } from 'vitest'
import { oldestSupportedLine, unsupportedNode } from './node-line.js'

describe('the Node line check of npm start and npm test', () => {
  it('reads the oldest line from engines, as package.json states it', () => {
    expect(oldestSupportedLine()).toBe(24)
    expect(oldestSupportedLine({ node: '>= 22' })).toBe(22)
    expect(() => oldestSupportedLine({ node: '^24' })).toThrow(/not ">=N"/)
  })

  it('turns away an older line in one sentence that names both versions and what to do', () => {
    expect(unsupportedNode('v20.20.2', 24)).toBe(
      'The RM5 site needs Node 24 or later (package.json "engines"); this is Node v20.20.2. Install Node 24 or a newer line (https://nodejs.org) and run the command again.',
    )
    expect(unsupportedNode('v23.11.0', 24)).toMatch(/^The RM5 site needs Node 24 or later/)
  })

  it('lets the oldest supported line and newer ones through', () => {
    expect(unsupportedNode('v24.0.0', 24)).toBeUndefined()
    expect(unsupportedNode('v26.12.1', 24)).toBeUndefined()
  })
})
