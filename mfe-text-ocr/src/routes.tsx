import { UnderConstruction, type RemoteRoute, type RouteChrome } from 'shared-ui';
import { HomeRoute } from './features/extension/HomeRoute';
import { FeedbackForm } from './features/feedback/FeedbackForm';

const landing: RouteChrome = { navbar: 'main', footer: 'main', landing: true };
const page: RouteChrome = { navbar: 'main', footer: 'main' };

export const routes: RemoteRoute[] = [
  {
    path: '/',
    handle: landing,
    element: (
      <HomeRoute>
        <UnderConstruction title="Extract text from images, handwriting and PDFs" />
      </HomeRoute>
    ),
  },
  {
    path: '/handwriting-ocr',
    handle: landing,
    element: (
      <HomeRoute>
        <UnderConstruction title="Handwriting to text" />
      </HomeRoute>
    ),
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
