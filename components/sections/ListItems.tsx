/** Each string as an item of the list around it (a ul or an ol, with its own class), keyed by its text. */
export function ListItems({ items }: { items: readonly string[] }) {
  return items.map((item) => <li key={item}>{item}</li>)
}
