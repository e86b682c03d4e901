// The run's last lines: which test files had tests that did not run, how many, and why (the note
// of `context.skip(reason)`, tests/helpers/required-service.ts). A run that skipped nothing prints
// nothing more.
import type { Reporter, TestModule } from 'vitest/node'

export class NotRunReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const lines: string[] = []
    let total = 0
    for (const module of testModules) {
      let skipped = 0
      const reasons = new Set<string>()
      for (const test of module.children.allTests()) {
        const result = test.result()
        if (result.state !== 'skipped') continue
        if (result.note) reasons.add(result.note)
        // The test that carries the reason is not one of the file's own.
        else skipped++
      }
      if (reasons.size === 0) continue
      total += skipped
      lines.push(`  ${module.relativeModuleId}: ${skipped} not run (${[...reasons].join('; ')})`)
    }
    if (lines.length === 0) return
    const tests = total === 1 ? '1 test' : `${total} tests`
    console.log(`\nNot run: ${tests}, for a missing service (with CI=true these fail the run):`)
    for (const line of lines) console.log(line)
  }
}
