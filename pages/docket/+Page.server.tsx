import { usePageContext } from 'vike-react/usePageContext'
import { DocketDocuments } from '../../components/documents/DocketDocuments.tsx'
import { DocketSessionBar } from '../../components/documents/DocketSessionBar.tsx'
import { HomePage } from '../../components/home/HomePage.tsx'

// The home page for holders of an access grant (docs/original-behaviour.md §2), built the same
// way, with the documents of the retailer whose grant opened it above (the data room, decision 031)
// and, at the top, whose docket it is and the way out (decision 045).
export default function Page() {
  const { docketDocuments, docketDocumentsUnavailable } = usePageContext()
  return (
    <>
      <DocketSessionBar />
      <DocketDocuments documents={docketDocuments ?? []} unavailable={docketDocumentsUnavailable ?? false} />
      <HomePage />
    </>
  )
}
