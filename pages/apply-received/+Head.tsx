import { NoIndex } from '../../components/seo/NoIndex.tsx'

// The page after a stored post: it says "thank you" to anyone who opens it, so it stays out of
// search results (robots.txt disallows it too).
export default function Head() {
  return <NoIndex />
}
