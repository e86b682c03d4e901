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

  it('names any other answer of the pages route by the route, never by a path a client made up', () => {
    expect(label('/*', '/technology', 304)).toBe('/technology')
    // Vike's trailing-slash redirect answers every path; its navigation data answers 200 with is404.
    expect(label('/*', '/made-up-7f3a/', 301)).toBe('/*')
    expect(label('/*', '/made-up-7f3a/index.pageContext.json')).toBe('/*')
    expect(label('/*', '/technology/index.pageContext.json')).toBe('/*')
    // A guard's redirect, a limiter's refusal, a failed render.
    expect(label('/*', '/docket', 302)).toBe('/*')
    expect(label('/*', '/made-up-7f3a', 429)).toBe('/*')
    expect(label('/*', '/made-up-7f3a', 500)).toBe('/*')
  })
})
