// Vitest runs the files (and, with --sequence.shuffle, the tests inside each) in a shuffled order (vitest.config.ts,
// decision 038), so that a test leaning on another's leftovers fails. A failed run ends with its
// seed and the command that replays the same order for the files that failed: the order of the
// tests inside a file depends on the seed only, not on which other files run.
import type { Reporter, TestModule, Vitest } from 'vitest/node'

export class ShuffleSeedReporter implements Reporter {
  private seed: number | undefined

  onInit(vitest: Vitest) {
    const { shuffle, seed } = vitest.config.sequence
    this.seed = shuffle ? seed : undefined
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, _errors: unknown, reason: string) {
    if (this.seed === undefined || reason !== 'failed') return
    const failed = testModules.filter((module) => !module.ok()).map((module) => module.relativeModuleId)
    console.log(
      `\nThe tests ran in a shuffled order, seed ${this.seed}. Replay it:\n` +
        `  npx vitest run --sequence.seed=${this.seed} ${failed.join(' ')}`,
    )
  }
}
