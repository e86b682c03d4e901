import { usePageContext } from 'vike-react/usePageContext'
import { PageHero } from '../../components/layout/PageHero'
import { retailerNames } from '../../lib/retailers'
import type { GateRetailer } from '../../lib/routes'

export default function Page() {
  const retailer = usePageContext().routeParams.retailer as GateRetailer
  return (
    <PageHero page="access" eyebrow="Private docket" title={`${retailerNames[retailer]} × RM5`} compact>
      <p className="lede">This area is for invited partners. Enter your access code to open the docket.</p>
    </PageHero>
  )
}
