import { describe, expect, it } from 'vitest'
import { listingProblem, NO_IMAGES_ANYWHERE, unexpectedError } from './messages.ts'

describe('viewer messages', () => {
  it('names the problem of an empty listing with the exact spec texts', () => {
    expect(listingProblem({ bucket: null, images: [] })).toBe(
      'No images found in any storage bucket. Please check that your images were uploaded correctly to the "360" bucket.',
    )
    expect(listingProblem({ bucket: 'images', images: [] })).toBe('No image files found in bucket "images"')
    expect(listingProblem({ bucket: '360', images: [{ name: 'a.jpg', url: '/media/360/a.jpg' }] })).toBe(
      undefined,
    )
    expect(NO_IMAGES_ANYWHERE).toContain('"360" bucket')
  })

  it('falls back to Unknown error for an error without a message', () => {
    expect(unexpectedError(new Error('HTTP 503'))).toBe('Unexpected error: HTTP 503')
    expect(unexpectedError('boom')).toBe('Unexpected error: Unknown error')
    expect(unexpectedError(new Error(''))).toBe('Unexpected error: Unknown error')
  })
})
