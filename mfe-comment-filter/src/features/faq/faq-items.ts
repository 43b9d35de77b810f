// The comment filter's questions and answers, shown by shared-ui's FaqList in the landing's FAQ
// section (each item's id is its anchor: /yt-comment-filter#<id>); a `listing` link opens the
// extension's store listing. Each answer says what the classifier does (sentiment/README.md) and
// what the refund terms say (spec §9, /refund-policy).
import type { FaqItem } from 'shared-ui/landing';

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'faq-install',
    question: 'How do I install it?',
    answer: [
      'Open the extension’s listing in the Chrome Web Store and add it to your browser. It then works on YouTube’s video pages: open a video and scroll down to its comments.',
    ],
    links: [{ label: 'Open the Chrome Web Store listing', listing: true }],
  },
  {
    id: 'faq-positive',
    question: 'Which comments count as positive?',
    answer: [
      'Each comment gets a score from its words, phrases and emoji. Negation counts (“not bad” leans positive, “not great” negative), so do words such as “really” or “slightly”, the part after a “but”, capitals and exclamation marks. Questions and wishes (“could have been better”) weigh less.',
      'A comment whose score reaches the level you chose is highlighted; the others stay as they are.',
    ],
  },
  {
    id: 'faq-strictness',
    question: 'What does the strictness change?',
    answer: [
      'Relaxed highlights any comment that leans to the good side, even a plain “thanks”. Balanced, the default, wants a clear positive word that nothing outweighs. Strict highlights plain enthusiasm only: several positive words, or one stressed by “really”, capitals, “!” or an emoji.',
      'Every comment highlighted at Strict is highlighted at Balanced too, and every one at Balanced at Relaxed.',
    ],
  },
  {
    id: 'faq-hidden',
    question: 'Does it hide or delete comments?',
    answer: [
      'No. It marks the positive comments; every comment stays on the page, and it never posts, likes or reports anything.',
    ],
  },
  {
    id: 'faq-privacy',
    question: 'Are the comments sent anywhere?',
    answer: [
      'No. The classifier runs in your browser: it comes with the extension (and with this page, for the demo), so comments are read where they are and not sent to our servers.',
    ],
  },
  {
    id: 'faq-languages',
    question: 'Which languages does it read?',
    answer: [
      'English. A comment written mostly in another alphabet, or whose words are mostly unknown to its English model, is left neutral and never highlighted.',
    ],
  },
  {
    id: 'faq-mistakes',
    question: 'Is it always right?',
    answer: [
      'No classifier is: sarcasm, in-jokes and slang it does not know can fool it. Paste a few comments into the demo above to see how it reads them before you install it.',
    ],
  },
  {
    id: 'faq-refunds',
    question: 'Can I get a refund for a premium plan?',
    answer: [
      'Yes. The extension’s premium plans are covered by our refund terms: the Yearly and Lifetime plans can be refunded within 30 days of purchase. Send us the Payment ID of the payment; an approved refund goes back to the original payment method in 5-7 business days.',
    ],
    links: [{ label: 'Refund policy', to: '/refund-policy' }],
  },
];
