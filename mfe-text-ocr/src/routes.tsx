import type { RemoteRoute, RouteChrome } from 'shared-ui';
import { FeedbackForm } from './features/feedback/FeedbackForm';
import { ContactPage } from './pages/ContactPage';
import { FeedbackPage } from './pages/FeedbackPage';
import { HomePage } from './pages/HomePage';
import { PrivacyPage } from './pages/PrivacyPage';
import { TermsPage } from './pages/TermsPage';

const landing: RouteChrome = { navbar: 'main', footer: 'main', landing: true };
const page: RouteChrome = { navbar: 'main', footer: 'main' };

export const routes: RemoteRoute[] = [
  { path: '/', handle: landing, element: <HomePage variant="home" /> },
  { path: '/handwriting-ocr', handle: landing, element: <HomePage variant="handwriting" /> },
  { path: '/feedback', handle: page, element: <FeedbackPage /> },
  { path: '/contact-us', handle: page, element: <ContactPage /> },
  { path: '/terms-of-service', handle: page, element: <TermsPage /> },
  { path: '/privacy-policy', handle: page, element: <PrivacyPage /> },
];

export { FeedbackForm };
