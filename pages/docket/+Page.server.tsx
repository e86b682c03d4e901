import { usePageContext } from 'vike-react/usePageContext'
import { DocketDocuments } from '../../components/documents/DocketDocuments.tsx'
import { DocketProposal } from '../../components/documents/DocketProposal.tsx'
import { DocketSessionBar } from '../../components/documents/DocketSessionBar.tsx'
import { HomePage } from '../../components/home/HomePage.tsx'

// The home page for holders of an access grant (docs/original-behaviour.md §2), built the same
// way, with the documents of the retailer whose grant opened it above (the data room, decision 031)
// and, at the top, whose docket it is and the way out (decision 045), then the way to the
// partner's proposal where it has one.
export default function Page() {
  const { docketDocuments, docketDocumentsUnavailable } = usePageContext()
  return (
    <>
      <DocketSessionBar />
      <DocketProposal />
      <DocketDocuments documents={docketDocuments ?? []} unavailable={docketDocumentsUnavailable ?? false} />
      <HomePage />
    </>
  )
}
