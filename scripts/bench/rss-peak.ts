// The server's highest RSS over the whole bench: a figure taken after each run would miss a peak
// reached during one (the memory target holds at any point, not only between runs).
import { rssMb } from './server.ts'

export const SAMPLE_EVERY_MS = 250

export function watchPeakRss(pid: number): { peak: () => number | undefined; stop: () => void } {
  let peak: number | undefined
  const sample = () => {
    const rss = rssMb(pid)
    if (rss !== undefined && (peak === undefined || rss > peak)) peak = rss
  }
  sample()
  const timer = setInterval(sample, SAMPLE_EVERY_MS)
  timer.unref()
  return { peak: () => peak, stop: () => clearInterval(timer) }
}
