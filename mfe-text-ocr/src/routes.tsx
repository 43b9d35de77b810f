import { UnderConstruction, type RemoteRoute, type RouteChrome } from 'shared-ui';
import { FeedbackForm } from './features/feedback/FeedbackForm';

const landing: RouteChrome = { navbar: 'main', footer: 'main', landing: true };
const page: RouteChrome = { navbar: 'main', footer: 'main' };

export const routes: RemoteRoute[] = [
  {
    path: '/',
    handle: landing,
    element: <UnderConstruction title="Extract text from images, handwriting and PDFs" />,
  },
  {
    path: '/handwriting-ocr',
    handle: landing,
    element: <UnderConstruction title="Handwriting to text" />,
  },
  { path: '/feedback', handle: page, element: <UnderConstruction title="Feedback" /> },
  { path: '/contact-us', handle: page, element: <UnderConstruction title="Contact Us" /> },
  {
    path: '/terms-of-service',
    handle: page,
    element: <UnderConstruction title="Terms of Service" />,
  },
  { path: '/privacy-policy', handle: page, element: <UnderConstruction title="Privacy Policy" /> },
];

export { FeedbackForm };
