/** One headline figure of a report (a total, a rate) in its own panel, named by its heading. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="panel stat">
      <h2>{label}</h2>
      <p className="stat__figure">{value}</p>
    </div>
  )
}
