import { NoIndex } from '../../components/seo/NoIndex.tsx'

// The page after a stored post: worth reading only right after one, so it stays out of search
// results (robots.txt disallows it too).
export default function Head() {
  return <NoIndex />
}
