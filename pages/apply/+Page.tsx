import { PageHero } from '../../components/layout/PageHero'

export default function Page() {
  return (
    <>
      <PageHero page="apply" eyebrow="Retailer Access" title="Bring the RM5 to your stores">
        <p className="lede">
          Apply to join the rollout: we are onboarding retailers in Austin first, then across Texas and the
          nation.
        </p>
      </PageHero>
      <section className="section">
        <div className="container">
          <p>More about this is coming soon.</p>
        </div>
      </section>
    </>
  )
}
