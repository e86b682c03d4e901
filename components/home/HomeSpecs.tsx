import { brand } from '../../lib/brand.ts'
import { cargoSpecs, vehicleSpecs } from '../../lib/content/vehicle.ts'
import { SpecCard } from './SpecCard.tsx'
import { VehicleDiagram } from './VehicleDiagram.tsx'

/** Headline, specs statement and the Vehicle Specs and Cargo Specs cards (docs/original-behaviour.md §2, Home). */
export function HomeSpecs() {
  return (
    <section className="section home-specs" aria-labelledby="specs-title">
      <div className="container">
        <div className="home-specs__top">
          <div>
            <p className="eyebrow caps-label">Built to deliver</p>
            <h2 id="specs-title">A store that drives itself to the curb.</h2>
            <p className="home-specs__statement">
              The {brand.product} is a Level 4, all-electric vehicle with ten climate-controlled lockers and a
              500 lb payload, shorter than a compact car and designed from the first sketch to carry orders,
              not people.
            </p>
          </div>
          <figure className="home-specs__figure">
            <VehicleDiagram />
          </figure>
        </div>
        <div className="home-specs__cards">
          <SpecCard
            id="vehicle-specs"
            title="Vehicle Specs"
            summary="Low-speed, electric and driverless, made for neighborhood streets."
            facts={vehicleSpecs}
          />
          <SpecCard
            id="cargo-specs"
            title="Cargo Specs"
            summary="Ten independent lockers, each with its own climate and its own lock."
            facts={cargoSpecs}
          />
        </div>
      </div>
    </section>
  )
}
