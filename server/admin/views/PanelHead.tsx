// A console panel's heading, with the link to its figures as CSV where it has one (the link's
// hidden words name the panel, so a screen reader's list of links says which CSV is which).
export function PanelHead({ id, title, csv }: { id: string; title: string; csv?: string }) {
  return (
    <div className="panel-head">
      <h2 id={id}>{title}</h2>
      {csv ? (
        <a className="button button--ghost button--sm" href={csv}>
          CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
        </a>
      ) : null}
    </div>
  )
}
