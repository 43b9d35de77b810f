// The add-on's questions and answers, shown on /sheets-extension-faq and in the landing's FAQ
// section. Each answer says what the code does: file kinds (api extraction/engine/file-kind.ts),
// credits held, spent and given back (api tables.service.ts, billing/credits.service.ts), size
// limits (contracts addonMaxBytes), what is kept (jobs/schemas/job.schema.ts), refunds (spec §9).

// Shown by shared-ui's FaqList (each item's id is its anchor: /sheets-extension-faq#<id>); a
// `listing` link opens the add-on's marketplace listing.
import type { FaqItem } from 'shared-ui/landing';

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'faq-install',
    question: 'How do I install the add-on?',
    answer: [
      'Open the add-on’s listing in the Google Workspace Marketplace, choose Install and allow the permissions it asks for. It then appears in the Extensions menu of every Google Sheets spreadsheet you open.',
    ],
    links: [{ label: 'Open the Marketplace listing', listing: true }],
  },
  {
    id: 'faq-use',
    question: 'How do I use it in Google Sheets?',
    answer: [
      {
        steps: [
          'Open a spreadsheet, then the Extensions menu, and open PDF to Sheets: its sidebar opens on the right.',
          'Choose a file from your computer, or pick one from your Google Drive.',
          'For a PDF, choose the pages to read, and choose tables or invoice mode.',
          'Press ‘Insert into sheet’: the rows go into a new sheet named after the file.',
        ],
      },
    ],
  },
  {
    id: 'faq-files',
    question: 'Which files can it read?',
    answer: [
      'Digital PDFs (made by a program, with their own text), scanned PDFs, and images in PNG, JPEG, WebP, TIFF or HEIC, so photos taken with a phone work too.',
      'It finds the tables on each page. Invoice mode also reads the vendor, invoice number, date, currency, subtotal, tax, total and amount due, and checks that the line items add up to the stated totals.',
    ],
  },
  {
    id: 'faq-credits',
    question: 'How do credits work?',
    answer: [
      '1 credit = 1 PDF page or 1 image. You get 5 free credits per month; a subscription gives 100, 500 or 1000 credits a month instead, and top-up credits (100, 500 or 1000) never expire. The month’s credits are used first, then top-up credits.',
      'Before a file is read, one credit for each page you asked for is set aside. Each page read is spent; pages that fail, that you cancel or that are never read are given back when the reading ends.',
    ],
    links: [{ label: 'See plans and prices', to: '/sheets-extension-pricing' }],
  },
  {
    id: 'faq-limits',
    question: 'How large can a file be?',
    answer: [
      'Up to 5 MB on the free plan, and up to 30 MB on paid plans: with a subscription, with bought credits left, or with a paid plan of our text tool.',
    ],
  },
  {
    id: 'faq-privacy',
    question: 'Do you keep my files?',
    answer: [
      'No. Your file is read on our server and deleted when the reading ends; it is never stored.',
      'The tables found in it are kept with the reading’s job until the job expires, so that a long file can be followed while it is read and its result fetched afterwards; then they are deleted too.',
    ],
    links: [{ label: 'Privacy policy', to: '/sheets-extension-privacy-policy' }],
  },
  {
    id: 'faq-refunds',
    question: 'Can I get a refund?',
    answer: [
      'The add-on offers a full refund within 3 days for its subscription plans only; top-up credits are not covered by it.',
      'As our terms of service say, a 30-day refund also applies to the Yearly and Lifetime plans.',
    ],
    links: [{ label: 'Refund policy', to: '/refund-policy' }],
  },
];
