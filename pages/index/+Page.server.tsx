import { HomePage } from '../../components/home/HomePage.tsx'

// HTML-only page with islands (components/islands/README.md): the server renders it all; the
// browser gets the header's behaviour at once and React for each island when it is reached.
export default function Page() {
  return <HomePage />
}
