// Environment variables a test sets for a while (the in-process CLI and the app read them): set,
// and the values they replace returned, so that setting those again restores the environment. A
// name given undefined is removed.
export type EnvValues = Record<string, string | undefined>

export function setEnvironment(values: EnvValues): EnvValues {
  const previous = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]))
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  return previous
}
