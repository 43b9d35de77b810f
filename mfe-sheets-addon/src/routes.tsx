import { UnderConstruction, type RemoteRoute, type RouteChrome } from 'shared-ui';
import { FeedbackForm } from './features/feedback/FeedbackForm';

const page: RouteChrome = { navbar: 'addon', footer: 'addon' };

export const routes: RemoteRoute[] = [
  {
    path: '/pdf-to-sheets-extension',
    handle: { ...page, landing: true },
    element: <UnderConstruction title="Convert PDF to Google Sheets in 1 Click" />,
  },
  { path: '/sheets-extension-faq', handle: page, element: <UnderConstruction title="FAQ" /> },
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
