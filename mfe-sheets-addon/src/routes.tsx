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

// `prerender`: a public page, its HTML prerendered by this remote's build (issue 25).
export const routes: RemoteRoute[] = [
  {
    path: '/pdf-to-sheets-extension',
    handle: { ...page, landing: true },
    element: <LandingPage tool={<ConverterSlot />} />,
    prerender: true,
  },
  { path: '/sheets-extension-faq', handle: page, element: <FaqPage />, prerender: true },
  { path: '/sheets-extension-contact-us', handle: page, element: <ContactPage /> },
  {
    path: '/sheets-extension-feedback',
    handle: { ...page, hidePricing: true },
    element: <FeedbackPage />,
  },
  {
    path: '/sheets-extension-terms-of-service',
    handle: page,
    element: <TermsPage />,
    prerender: true,
  },
  {
    path: '/sheets-extension-privacy-policy',
    handle: page,
    element: <PrivacyPage />,
    prerender: true,
  },
];

export { FeedbackForm };
