import { usePageContext } from 'vike-react/usePageContext'
import { AgreementForm } from '../../components/documents/AgreementForm.tsx'
// Linked, not inline: this page is rendered for one request at times (renderer/+Head.tsx, decision 020).
import '../../renderer/site.css'

// The retailer's agreement, accepted before its documents (decision 031): a plain HTML form.
export default function Page() {
  const { agreementPage } = usePageContext()
  return agreementPage ? <AgreementForm agreement={agreementPage} /> : null
}
