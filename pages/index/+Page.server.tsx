import { HomePage } from '../../components/home/HomePage'
import { Island } from '../../components/islands/Island'

// HTML-only page with one island (decision 020): the server renders it all; the browser gets
// the header's behaviour at once and React for the page's content after the load event.
export default function Page() {
  return (
    <Island name="home">
      <HomePage />
    </Island>
  )
}
