import { PageHero } from '../../components/layout/PageHero.tsx'
import { LegalDocument } from '../../components/sections/legal/LegalDocument.tsx'
import { LegalFacts } from '../../components/sections/legal/LegalFacts.tsx'
import { brand } from '../../lib/brand.ts'
import { termsOfService } from '../../lib/content/terms.ts'

export default function Page() {
  return (
    <>
      <PageHero page="terms" eyebrow="Legal" title={termsOfService.title} compact>
        <p className="lede">
          The terms that govern using the {brand.product} service as a consumer, a merchant or a member of
          store staff.
        </p>
        <LegalFacts document={termsOfService} />
      </PageHero>
      <LegalDocument document={termsOfService} />
    </>
  )
}
