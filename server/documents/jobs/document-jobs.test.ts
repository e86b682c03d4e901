// The process's document pool takes the time limit the environment sets.
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '../../env.server.ts'
import { closeDocumentJobs, configureDocumentJobs, documentJobs } from './document-jobs.server.ts'

afterEach(() => closeDocumentJobs())

describe('the shared document pool', () => {
  it('takes its time limit from DOCUMENT_JOB_SECONDS, and the default again once closed', async () => {
    // A setting applies to the next pool the process starts: one left running by a file that ran
    // before this one in the same worker (files share their modules) is closed first.
    await closeDocumentJobs()
    configureDocumentJobs(parseEnv({ NODE_ENV: 'test', DOCUMENT_JOB_SECONDS: '3' }), {
      yieldToRequests: false,
    })
    expect(documentJobs().limits.timeoutMs).toBe(3_000)
    await closeDocumentJobs()
    // docs/configuration.md: 20 seconds unless set.
    expect(documentJobs().limits.timeoutMs).toBe(20_000)
  })

  it('refuses a setting that is not a whole number of seconds from 1 to 600', () => {
    for (const value of ['0', '601', '2.5', 'soon'])
      expect(() => parseEnv({ NODE_ENV: 'test', DOCUMENT_JOB_SECONDS: value }), value).toThrow(
        /DOCUMENT_JOB_SECONDS/,
      )
  })
})
