// Keyboard model of a tab list (WAI-ARIA Authoring Practices, Tabs): arrow keys move to the
// previous/next tab and wrap around, Home/End jump to the ends. Both arrow axes work, because the
// capability map's list is vertical on wide screens and a grid on small ones.
// https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
export function nextTabIndex(key: string, current: number, count: number): number | undefined {
  if (count <= 0) return undefined
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return undefined
  }
}
