import type { ReactNode } from 'react';
import { metaRoute, type RemoteRoute, type RouteChrome } from 'shared-ui';
import { FeedbackForm } from './features/feedback/FeedbackForm';
import { ContactPage } from './pages/ContactPage';
import { FeedbackPage } from './pages/FeedbackPage';
import { HomePage } from './pages/HomePage';
import { PrivacyPage } from './pages/PrivacyPage';
import { TermsPage } from './pages/TermsPage';

const landing: RouteChrome = { navbar: 'main', footer: 'main', landing: true };
const page: RouteChrome = { navbar: 'main', footer: 'main' };

/** Each route's own title and description (issue 22), shown while its page is. */
export const ROUTE_META = {
  '/': {
    title: 'Image to Text: extract text from images, handwriting and PDFs',
    description:
      'Extract neatly formatted text from images, handwriting, PDFs and camera photos, in the original language or translated.',
  },
  '/handwriting-ocr': {
    title: 'Handwriting to Text OCR | Image to Text',
    description:
      'Turn handwritten notes, letters and forms into editable text in seconds: upload a photo or scan, or use your camera.',
  },
  '/feedback': {
    title: 'Feedback | Image to Text',
    description:
      'Tell us how Image to Text works for you, how you found it and what we can improve. It takes a minute.',
  },
  '/contact-us': {
    title: 'Contact Us | Image to Text',
    description:
      'Questions about Image to Text, your plan or a payment? Write to us and we answer by email.',
  },
  '/terms-of-service': {
    title: 'Terms of Service | Image to Text',
    description:
      'The terms of Image to Text: your account, plans and limits, payments and refunds, acceptable use and accuracy.',
  },
  '/privacy-policy': {
    title: 'Privacy Policy | Image to Text',
    description:
      'What Image to Text keeps and what it does not, who else processes data, your rights and how it is secured.',
  },
} as const;

const route = (
  path: keyof typeof ROUTE_META,
  handle: RouteChrome,
  element: ReactNode,
  options?: { prerender?: boolean },
) => metaRoute(ROUTE_META, path, handle, element, options);
/** A public page: its HTML is prerendered by this remote's build (issue 25). */
const PUBLIC = { prerender: true };

export const routes: RemoteRoute[] = [
  route('/', landing, <HomePage variant="home" />, PUBLIC),
  route('/handwriting-ocr', landing, <HomePage variant="handwriting" />, PUBLIC),
  route('/feedback', page, <FeedbackPage />),
  route('/contact-us', page, <ContactPage />),
  route('/terms-of-service', page, <TermsPage />, PUBLIC),
  route('/privacy-policy', page, <PrivacyPage />, PUBLIC),
];

export { FeedbackForm };
