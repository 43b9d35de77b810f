import { UnderConstruction, type RemoteRoute, type RouteChrome } from 'shared-ui';
import { FeedbackForm } from './features/feedback/FeedbackForm';
import { FaqPage } from './pages/FaqPage';
import { LandingPage } from './pages/LandingPage';

const page: RouteChrome = { navbar: 'addon', footer: 'addon' };

export const routes: RemoteRoute[] = [
  {
    path: '/pdf-to-sheets-extension',
    handle: { ...page, landing: true },
    element: <LandingPage />,
  },
  { path: '/sheets-extension-faq', handle: page, element: <FaqPage /> },
  {
    path: '/sheets-extension-contact-us',
    handle: page,
    element: <UnderConstruction title="Contact Us" />,
  },
  {
    path: '/sheets-extension-feedback',
    handle: { ...page, hidePricing: true },
    element: <UnderConstruction title="Feedback" />,
  },
  {
    path: '/sheets-extension-terms-of-service',
    handle: page,
    element: <UnderConstruction title="Terms of Service" />,
  },
  {
    path: '/sheets-extension-privacy-policy',
    handle: page,
    element: <UnderConstruction title="Privacy Policy" />,
  },
];

export { FeedbackForm };
