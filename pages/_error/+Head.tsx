// Linked, not inline: the error page is rendered for every error (renderer/+Head.tsx, decision 020).
import '../../renderer/site.css'

export default function Head() {
  return <meta name="robots" content="noindex" />
}
