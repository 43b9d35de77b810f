import type { RemoteRoute, RouteChrome } from 'shared-ui';
import { ConverterSlot } from './features/converter/ConverterSlot';
import { FeedbackForm } from './features/feedback/FeedbackForm';
import { ContactPage } from './pages/ContactPage';
import { FaqPage } from './pages/FaqPage';
import { FeedbackPage } from './pages/FeedbackPage';
import { LandingPage } from './pages/LandingPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { TermsPage } from './pages/TermsPage';

const page: RouteChrome = { navbar: 'addon', footer: 'addon' };

export const routes: RemoteRoute[] = [
  {
    path: '/pdf-to-sheets-extension',
    handle: { ...page, landing: true },
    element: <LandingPage tool={<ConverterSlot />} />,
  },
  { path: '/sheets-extension-faq', handle: page, element: <FaqPage /> },
  { path: '/sheets-extension-contact-us', handle: page, element: <ContactPage /> },
  {
    path: '/sheets-extension-feedback',
    handle: { ...page, hidePricing: true },
    element: <FeedbackPage />,
  },
  { path: '/sheets-extension-terms-of-service', handle: page, element: <TermsPage /> },
  { path: '/sheets-extension-privacy-policy', handle: page, element: <PrivacyPage /> },
];

export { FeedbackForm };
