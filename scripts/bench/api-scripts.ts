// wrk request scripts (Lua) for the runs whose requests change from one to the next.
import { applicationBody } from './api-requests.ts'
import { luaString } from './wrk.ts'

/** POST /api/applications from a distinct client address, with a fresh Idempotency-Key, each time. */
export function applicationsScript(): string {
  return `
local n = 0
local template = ${luaString(applicationBody('{n}'))}
request = function()
  n = n + 1
  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, math.max(n % 256, 1))
  local body = template:gsub("{n}", tostring(n))
  return wrk.format("POST", "/api/applications", {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = ip,
    ["Idempotency-Key"] = "bench-" .. n .. "-" .. math.random(1000000000),
  }, body)
end
`
}

/** POST /api/access/verify from one client address (the limit stays on: 429s count as failed). */
export function verifyScript(): string {
  return `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = ${luaString(JSON.stringify({ retailer: 'walmart' }))}
`
}

/** `/` and `/docket` with a grant, alternating: the memory batches. */
export function mixedScript(cookie: string): string {
  return `
local i = 0
request = function()
  i = i + 1
  if i % 2 == 0 then return wrk.format("GET", "/docket", { ["Cookie"] = ${luaString(cookie)} }) end
  return wrk.format("GET", "/")
end
`
}
