import { PageHero } from '../../components/layout/PageHero.tsx'
import { LegalDocument } from '../../components/sections/legal/LegalDocument.tsx'
import { LegalFacts } from '../../components/sections/legal/LegalFacts.tsx'
import { privacyPolicy } from '../../lib/content/privacy.ts'

export default function Page() {
  return (
    <>
      <PageHero page="privacy" eyebrow="Legal" title={privacyPolicy.title} compact>
        <p className="lede">
          How we collect, use, share and protect information about customers, merchants and partners.
        </p>
        <LegalFacts document={privacyPolicy} />
      </PageHero>
      <LegalDocument document={privacyPolicy} />
    </>
  )
}
