// How the console writes times: UTC, to the minute, as the CLI does.
export const utcTime = (date: Date | null | undefined, none = '—') =>
  date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : none
