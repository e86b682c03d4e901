import { brand } from '../brand.ts'
import type { LegalDocument } from './legal.ts'

// Privacy Policy (docs/original-behaviour.md §2, 3 'Privacy data categories', 5 and 6): last updated
// August 24, 2025; United States; customers, merchants and partners; every listed section.
const p = brand.product
const c = brand.company

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'Last updated August 24, 2025',
  facts: [
    { label: 'Country', value: 'United States' },
    { label: 'Covers', value: 'Customers, Merchants and Partners' },
  ],
  intro: [
    {
      kind: 'p',
      text: `This Privacy Policy explains how ${c} (“we”, “us” or “our”) collects, uses, shares and protects personal information when you use the ${p} delivery service, our consumer and merchant apps and this website (together, the “Service”). It applies to our Customers, who order deliveries; our Merchants, who sell through the Service; and our Partners, such as investors, suppliers and prospective retailers who contact us.`,
    },
  ],
  sections: [
    {
      id: 'scope',
      title: 'Scope',
      blocks: [
        {
          kind: 'p',
          text: 'This policy covers information we process as the operator of the Service in the United States. It does not cover information handled by merchants under their own privacy policies, or by third-party services you reach through links in the Service.',
        },
      ],
    },
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      blocks: [
        { kind: 'h3', text: 'Information you provide directly' },
        { kind: 'p', text: 'If you are a Customer, you give us:' },
        {
          kind: 'ul',
          items: [
            'Your name, e-mail address, phone number and physical address.',
            'Your location, so we can show stores and delivery windows near you.',
            'An optional photograph for your profile.',
            'Order details: the time and location of the order, the items, the delivery address and the subtotal.',
            'Feedback and ratings you give on orders, stores and deliveries.',
            'Payment card details, which are collected and held by our third-party payments provider. We do not store your full card number.',
          ],
        },
        { kind: 'p', text: 'If you are a Merchant, you give us:' },
        {
          kind: 'ul',
          items: [
            'Your business name and the name of your contact person.',
            'Your opening hours, product details and prices.',
            'Bank account details so that we can pay you.',
          ],
        },
        {
          kind: 'p',
          text: 'If you are a Partner, you give us the details you include in an application, a contact message or an e-mail, such as your name, company, e-mail address and phone number.',
        },
        { kind: 'h3', text: 'Information collected automatically' },
        {
          kind: 'ul',
          items: [
            'Location: with your permission, precise location from your device while the app is in the foreground and, if you allow it, in the background, so that the vehicle can meet you at the curb and we can send arrival alerts. You can change this permission in your device settings at any time.',
            'Device information: hardware model, operating system and version, app version, language, unique device identifiers and mobile network information.',
            'Usage information: the pages and screens you view, the features you use, the time and duration of your visits, crash reports and diagnostic logs.',
          ],
        },
        { kind: 'h3', text: 'Text messages for verification' },
        {
          kind: 'p',
          text: 'When you sign up or sign in, we send a one-time code by text message to verify your phone number. Message and data rates may apply.',
        },
        { kind: 'h3', text: 'Cookies and similar technologies' },
        {
          kind: 'p',
          text: 'We and our service providers use cookies, pixels and local storage to keep you signed in, remember your preferences, keep the Service secure and understand how it is used.',
        },
        { kind: 'h3', text: 'Invites' },
        {
          kind: 'p',
          text: 'If you invite a friend to the Service, we collect the contact details you give us to send the invite. You must have their permission, and you must not send false or deceptive invites or refer children under 13.',
        },
        { kind: 'h3', text: 'Information from third-party sources' },
        {
          kind: 'p',
          text: 'We may receive information about you from merchants you order from, our payments provider, identity verification and anti-fraud services, analytics and advertising partners, and publicly available sources, and combine it with the information we hold.',
        },
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How we use information',
      blocks: [
        {
          kind: 'ul',
          items: [
            'To provide the Service: process orders and payments, dispatch vehicles, unlock lockers and send arrival alerts.',
            'To provide customer support and respond to your messages.',
            'To keep the Service safe and secure, prevent fraud and enforce our Terms.',
            'To improve our vehicles, routing and apps, including by analysing anonymised trip data.',
            'To send service messages and, where allowed, news and offers you can opt out of.',
            'To comply with the law and respond to lawful requests from public authorities.',
          ],
        },
      ],
    },
    {
      id: 'how-we-share-information',
      title: 'How we share information',
      blocks: [
        {
          kind: 'ul',
          items: [
            'With merchants: the details they need to prepare your order, such as your name and the items ordered.',
            'With service providers who work for us, such as hosting, payments, text messaging, mapping, analytics and customer support, under contracts that limit their use of your information.',
            'With other parties when required by law, to protect rights, property and safety, or to investigate fraud.',
            'With a buyer or successor if our business, or part of it, is sold, merged or reorganised.',
            'With others when you ask us to, or with your consent.',
          ],
        },
        {
          kind: 'p',
          text: 'We may share aggregated or de-identified information that cannot reasonably be used to identify you.',
        },
      ],
    },
    {
      id: 'analytics-and-advertising',
      title: 'Analytics and interest-based advertising',
      blocks: [
        {
          kind: 'p',
          text: 'We work with analytics providers to understand how the Service is used, and with advertising partners who may use cookies and device identifiers to show you ads for the Service on other sites and apps based on your interests. You can opt out of interest-based advertising in your browser and device settings (for example, by limiting ad tracking) and through the industry opt-out tools those partners participate in.',
        },
        {
          kind: 'p',
          text: 'On this website we count visits ourselves, on our own server, without cookies, without scripts and without storing anything in your browser, and we send no visit data to an analytics provider.',
        },
        {
          kind: 'ul',
          items: [
            'What is counted: each public page you load, when, the page’s address, the name of the website whose link brought you here, the campaign tags in that link (utm_source, utm_medium, utm_campaign), the kind of device (computer, phone, tablet) and the browser family, and whether you sent an application, a contact message or a partner access code.',
            'How a visit is recognised: your network address and your browser’s user agent are combined with a random value that changes every day and turned into a code that cannot be reversed. The random value is deleted when its day is over, so your visits cannot be linked from one day to the next. Your network address and user agent are not stored.',
            'What is not counted: automated visitors (bots), pages your browser loads in advance without showing them, the partner data room and the site’s administration pages.',
            'How long it is kept: individual page views are deleted after 90 days; only daily totals are kept after that.',
          ],
        },
      ],
    },
    {
      id: 'your-choices',
      title: 'Your choices',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Account information: you can review and update your profile in the app at any time.',
            'Account deletion: to delete your account, send a request by e-mail to the address below. We will delete or anonymise your information unless we must keep it by law.',
            'Location: you can turn off location access, or background location, in your device settings. Some features, such as arrival alerts, will not work without it.',
            'Marketing: you can unsubscribe from marketing e-mails using the link in each e-mail, and from push notifications in your device settings.',
            'Cookies: most browsers let you block or delete cookies; parts of the Service may not work without them.',
          ],
        },
      ],
    },
    {
      id: 'third-party-links',
      title: 'Third-party links',
      blocks: [
        {
          kind: 'p',
          text: 'The Service may link to websites and services run by others, including merchants. We are not responsible for their privacy practices; please read their policies before you share information with them.',
        },
      ],
    },
    {
      id: 'data-security',
      title: 'Data security',
      blocks: [
        {
          kind: 'p',
          text: 'We use administrative, technical and physical safeguards designed to protect your information, including encryption in transit, access controls and regular security reviews. No system is perfectly secure, so we cannot guarantee absolute security; please keep your password and device secure and tell us about any suspected misuse.',
        },
      ],
    },
    {
      id: 'children',
      title: 'Children under 13',
      blocks: [
        {
          kind: 'p',
          text: 'The Service is not directed to children under 13 and we do not knowingly collect personal information from them. If you believe a child under 13 has given us personal information, contact us and we will delete it.',
        },
      ],
    },
    {
      id: 'transfer-to-the-us',
      title: 'Consent to transfer to the United States',
      blocks: [
        {
          kind: 'p',
          text: 'We operate in the United States and store and process information there. If you use the Service from outside the United States, you consent to the transfer of your information to the United States, whose data protection laws may differ from those of your country.',
        },
      ],
    },
    {
      id: 'california-privacy-rights',
      title: 'California privacy rights',
      blocks: [
        { kind: 'p', text: 'If you are a California resident, you have the right to:' },
        {
          kind: 'ul',
          items: [
            'Know what personal information we have collected about you, where it came from, why we use it and with whom we share it.',
            'Request deletion of your personal information, subject to exceptions in the law.',
            'Opt out of the sale of your personal information.',
            'Not be discriminated against for exercising any of these rights.',
          ],
        },
        {
          kind: 'p',
          text: 'We do not sell personal information. To exercise your rights, e-mail us at the address below; we will verify your request before acting on it. You may also use an authorised agent.',
        },
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      blocks: [
        {
          kind: 'p',
          text: 'We may update this policy from time to time. We will post the new version here and change the date at the top; if the changes are material, we will also tell you in the app or by e-mail.',
        },
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      blocks: [
        { kind: 'p', text: 'Questions or requests about this policy? Contact us at:' },
        { kind: 'contact' },
      ],
    },
  ],
}
