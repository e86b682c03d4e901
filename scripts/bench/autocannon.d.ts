// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      setupRequest?: (request: Request) => Request
    }
    interface Options {
      url: string
      connections?: number
      duration?: number
      amount?: number
      method?: string
      headers?: Record<string, string>
      body?: string
      requests?: Request[]
    }
    interface Histogram {
      average: number
      p50: number
      p99: number
    }
    interface Result {
      requests: Histogram
      latency: Histogram
      non2xx: number
      errors: number
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>
  export default autocannon
}
