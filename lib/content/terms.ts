import { brand } from '../brand.ts'
import type { LegalDocument } from './legal.ts'

// Terms of Service (docs/original-behaviour.md §2, 4, 6 and 9): consumers, merchants and staff; minimum age 18;
// cancellation and fee rules; payment holds; promotions; no harmful code; contact in Glendale.
const p = brand.product
const c = brand.company

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  updated: 'Last updated August 24, 2025',
  facts: [
    { label: 'Applies to', value: 'Consumers, merchants and staff' },
    { label: 'Country', value: 'United States' },
  ],
  intro: [
    {
      kind: 'p',
      text: `These Terms of Service (the “Terms”) govern your use of the ${p} delivery service, our consumer app, our merchant app and this website (together, the “Service”), provided by ${c} (“${c}”, “we”, “us” or “our”). Please read them carefully: by creating an account, placing or fulfilling an order, or otherwise using the Service, you agree to these Terms and to our Privacy Policy.`,
    },
  ],
  sections: [
    {
      id: 'who-these-terms-cover',
      title: 'Who these Terms cover',
      blocks: [
        {
          kind: 'p',
          text: 'The Service is used by three groups of people, and these Terms apply to each of them:',
        },
        {
          kind: 'ul',
          items: [
            'Consumers, who order goods from participating stores in the consumer app and collect them from a locker on the vehicle.',
            'Merchants, the retailers who list their stores as branded storefronts in the consumer app and manage catalogs, pricing and inventory in the merchant app.',
            'Staff, the employees and contractors of a merchant who use the merchant app to accept orders, unlock lockers and load orders into the vehicle.',
          ],
        },
        {
          kind: 'p',
          text: 'Merchants are also bound by their merchant agreement with us. Where that agreement and these Terms conflict, the merchant agreement prevails for the merchant and its staff.',
        },
      ],
    },
    {
      id: 'eligibility',
      title: 'Eligibility and accounts',
      blocks: [
        {
          kind: 'p',
          text: 'You must be at least 18 years old to create an account or use the Service. By using the Service you confirm that you are 18 or older and able to enter into a binding contract.',
        },
        {
          kind: 'ul',
          items: [
            'Give accurate, current and complete information when you register, and keep it up to date.',
            'Keep your password and your phone secure: anyone who can open your app can open your locker.',
            'Tell us promptly if you believe your account has been used without your permission.',
            'You are responsible for all activity on your account, including orders placed and lockers unlocked with it.',
          ],
        },
      ],
    },
    {
      id: 'the-service',
      title: 'How the Service works',
      blocks: [
        {
          kind: 'p',
          text: `The ${p} is a driverless, electric delivery vehicle with ten lockers. When a consumer places an order, the merchant prepares it, a vehicle drives to the merchant’s pickup bay, a staff member unlocks the assigned locker in the merchant app and loads the order, and the vehicle drives to the consumer.`,
        },
        {
          kind: 'p',
          text: 'Consumers unlock their locker in the consumer app when the vehicle arrives at the curb. Staff unlock lockers only in the merchant app and only for the orders assigned to their store. Nobody may open, or try to open, a locker that is not theirs to open.',
        },
        {
          kind: 'p',
          text: 'Delivery times shown in the app are estimates. Traffic, weather, road closures and safety decisions by the vehicle or our operators can delay a delivery; the vehicle will never take a risk to keep to an estimate.',
        },
      ],
    },
    {
      id: 'orders-and-fees',
      title: 'Orders, prices and fees',
      blocks: [
        {
          kind: 'p',
          text: 'The merchant sets the price of each item, and is responsible for its description, availability and quality. An order is a contract between you and the merchant; we provide the platform and the delivery.',
        },
        {
          kind: 'p',
          text: 'For each on-demand delivery, consumers pay a flat autonomy fee of $3.00, shown before checkout. We add no markups to the merchant’s prices, charge no other service fees and ask for no tips. Applicable taxes are shown at checkout.',
        },
        {
          kind: 'p',
          text: 'Merchants pay the platform fee set out in their merchant agreement, calculated on the gross merchandise value of each order and settled monthly with a monthly statement.',
        },
      ],
    },
    {
      id: 'payment-holds',
      title: 'Payments and pre-authorization holds',
      blocks: [
        {
          kind: 'p',
          text: 'Payments are processed by our third-party payments provider. When you place an order, we place a pre-authorization hold on your payment method for the order total. A hold is not a charge, but it reduces the funds or credit available to you until it is captured or released.',
        },
        {
          kind: 'ul',
          items: [
            'We capture the final amount up to 24 hours after your order is completed or cancelled.',
            'If the final amount is lower than the hold, for example because an item was unavailable, only the final amount is captured.',
            'Any amount not captured is released. Depending on your bank, a release may take up to 5 business days to appear on your statement.',
          ],
        },
      ],
    },
    {
      id: 'cancellations',
      title: 'Cancellations and cancellation fees',
      blocks: [
        {
          kind: 'p',
          text: 'You can cancel an order in the consumer app. What it costs depends on how far the order has progressed:',
        },
        {
          kind: 'ul',
          items: [
            'Before a vehicle is assigned to your order, cancelling is free.',
            'After a vehicle has been assigned, a cancellation fee may apply, or the autonomy fee may be retained.',
            'If the vehicle arrives and the order is not collected within the wait time shown in the app, the order is returned to the merchant and a cancellation fee may apply, or the autonomy fee may be retained.',
          ],
        },
        {
          kind: 'p',
          text: 'Any fee is shown in the app before you confirm a cancellation. Merchants may cancel an order they cannot fulfil, in which case you are not charged for it.',
        },
      ],
    },
    {
      id: 'collecting-orders',
      title: 'Collecting your order',
      blocks: [
        {
          kind: 'p',
          text: 'Be ready at the curb when the arrival alert arrives. Collect only your own order, close the locker door after collecting, and check your items before the vehicle leaves. Report missing or damaged items in the app within 24 hours so we and the merchant can put things right.',
        },
        {
          kind: 'p',
          text: 'Do not stand in the road, lean on or climb the vehicle, or block its path. Approach from the curb side and follow the instructions on the vehicle’s screen.',
        },
      ],
    },
    {
      id: 'promotions',
      title: 'Promotional offers and credits',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Promotional offers, codes and credits expire on the dates shown in the app and cannot be used after they expire.',
            'Unless an offer says otherwise, it is limited to one per person and per account, cannot be combined with other offers and has no cash value.',
            'Offers are personal and may not be sold, transferred or published.',
            'We may withdraw an offer, or reverse a credit, obtained through fraud, abuse or a technical error.',
          ],
        },
      ],
    },
    {
      id: 'merchants-and-staff',
      title: 'Merchant and staff responsibilities',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Keep catalogs, prices, opening hours and inventory in the merchant app accurate and current.',
            'Prepare orders safely and pack them for the locker climate assigned to them (ambient, chilled or heated), within the 50 lb per-locker limit.',
            'Load each order only into the locker assigned to it, and close the door fully before the vehicle departs.',
            'Do not load goods that are illegal, dangerous or restricted, or that need an identity or age check at hand-over.',
            'Keep merchant app credentials private to each staff member and remove access when someone leaves.',
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      blocks: [
        { kind: 'p', text: 'When using the Service, you must not:' },
        {
          kind: 'ul',
          items: [
            'Introduce viruses, trojans, worms, logic bombs or any other material that is malicious or technologically harmful, or attempt to gain unauthorised access to the Service, our servers or any connected system.',
            'Tamper with, damage, obstruct, deface or interfere with a vehicle, its sensors or its lockers.',
            'Use the Service for anything unlawful, or to send goods that are illegal or dangerous.',
            'Copy, scrape, reverse engineer or resell the Service or any part of it, except as the law expressly allows.',
            'Harass, threaten or abuse our staff, merchants’ staff or other users.',
          ],
        },
        {
          kind: 'p',
          text: 'We may report breaches to the relevant authorities and cooperate with them, including by disclosing your identity.',
        },
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      blocks: [
        {
          kind: 'p',
          text: `The Service, the ${p} name, our logos and all software, designs and content we provide are owned by ${c} or our licensors. We grant you a personal, revocable, non-transferable licence to use the apps for their intended purpose under these Terms. Merchants keep all rights in their own brands and content and grant us the rights we need to display them in the Service.`,
        },
      ],
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers and limitation of liability',
      blocks: [
        {
          kind: 'p',
          text: 'The Service is provided “as is” and “as available”. To the fullest extent permitted by law, we disclaim all implied warranties, including merchantability, fitness for a particular purpose and non-infringement. Merchants, not us, are responsible for the goods they sell.',
        },
        {
          kind: 'p',
          text: 'To the fullest extent permitted by law, we are not liable for indirect, incidental, special, consequential or punitive damages, and our total liability for any claim relating to the Service is limited to the greater of the amounts you paid us in the six months before the claim and $100. Nothing in these Terms limits liability that cannot be limited by law.',
        },
      ],
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      blocks: [
        {
          kind: 'p',
          text: 'You may stop using the Service at any time and ask us to delete your account by e-mail. We may suspend or end your access if you breach these Terms, if required by law, or to protect the safety of people, vehicles or the Service. Sections that by their nature should survive termination will survive.',
        },
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing law and disputes',
      blocks: [
        {
          kind: 'p',
          text: 'These Terms are governed by the laws of the State of California, without regard to its conflict-of-law rules. Before starting a formal dispute, please contact us so that we can try to resolve the matter informally. Any dispute that cannot be resolved informally will be heard in the state or federal courts located in Los Angeles County, California, unless the law of your place of residence gives you the right to bring it elsewhere.',
        },
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these Terms',
      blocks: [
        {
          kind: 'p',
          text: 'We may update these Terms as the Service evolves. We will post the new version here with a new date and, for material changes, tell you in the app or by e-mail before they take effect. If you keep using the Service after the changes take effect, you accept the updated Terms.',
        },
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      blocks: [{ kind: 'p', text: 'Questions about these Terms? Contact us at:' }, { kind: 'contact' }],
    },
  ],
}
