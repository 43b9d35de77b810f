import type { RemoteRoute, RouteChrome } from 'shared-ui';
import { ContactPage } from './features/contact/ContactPage';
import { HomeRoute } from './features/extension/HomeRoute';
import { FeedbackForm } from './features/feedback/FeedbackForm';
import { FeedbackPage } from './features/feedback/FeedbackPage';
import { HomePage } from './features/landing/HomePage';
import { PrivacyPage } from './features/legal/PrivacyPage';
import { TermsPage } from './features/legal/TermsPage';

const landing: RouteChrome = { navbar: 'main', footer: 'main', landing: true };
const page: RouteChrome = { navbar: 'main', footer: 'main' };

export const routes: RemoteRoute[] = [
  {
    path: '/',
    handle: landing,
    element: (
      <HomeRoute>
        <HomePage variant="home" />
      </HomeRoute>
    ),
  },
  {
    path: '/handwriting-ocr',
    handle: landing,
    element: (
      <HomeRoute>
        <HomePage variant="handwriting" />
      </HomeRoute>
    ),
  },
  { path: '/feedback', handle: page, element: <FeedbackPage /> },
  { path: '/contact-us', handle: page, element: <ContactPage /> },
  { path: '/terms-of-service', handle: page, element: <TermsPage /> },
  { path: '/privacy-policy', handle: page, element: <PrivacyPage /> },
];

export { FeedbackForm };
