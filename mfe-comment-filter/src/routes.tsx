import type { RemoteRoute } from 'shared-ui';
import { LandingPage } from './pages/LandingPage';

// The extension's visitors are new to the product: the new-user navbar (spec §2).
export const routes: RemoteRoute[] = [
  {
    path: '/yt-comment-filter',
    handle: { navbar: 'new-user', footer: 'main', landing: true },
    element: <LandingPage />,
    prerender: true, // public: its HTML is prerendered by this remote's build (issue 25)
  },
];
