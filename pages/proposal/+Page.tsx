import { PageHero } from '../../components/layout/PageHero'

export default function Page() {
  return <PageHero page="proposal" eyebrow="Confidential" title="Partnership Proposal" compact />
}
