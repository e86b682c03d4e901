import type { FastifyReply, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { routeLabel } from './route-label.server.ts'

const label = (template: string | undefined, url: string, statusCode = 200) =>
  routeLabel({ routeOptions: { url: template }, url } as FastifyRequest, { statusCode } as FastifyReply)

describe('routeLabel', () => {
  it('names pages by path, built assets as one route, unknown paths as unmatched', () => {
    expect(label('/*', '/technology?utm=x')).toBe('/technology')
    expect(label('/media/:bucket/*', '/media/Heros/home.jpg')).toBe('/media/:bucket/*')
    // @fastify/static registers one route per built file: hashed names must not become labels.
    expect(label('/assets/chunks/chunk-DgcHbGiK.js', '/assets/chunks/chunk-DgcHbGiK.js')).toBe('/assets/*')
    expect(label('/*', '/assets/gone.js')).toBe('/assets/*')
    expect(label('/*', '/wp-login.php', 404)).toBe('unmatched')
    expect(label(undefined, '/x')).toBe('unmatched')
  })
})
