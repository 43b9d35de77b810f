import { UnderConstruction, type RemoteRoute, type RouteChrome } from 'shared-ui';
import { AddonPricingPage } from './features/addon-pricing/AddonPricingPage';
import { AccountPage } from './features/account/AccountPage';
import { PricingPage } from './features/pricing/PricingPage';
import { SignupSuccessPage } from './features/signup/SignupSuccessPage';
import { SupportInboxPage } from './features/support/SupportInboxPage';

const main: RouteChrome = { navbar: 'main', footer: 'main' };
const addon: RouteChrome = { navbar: 'addon', footer: 'addon' };

export const routes: RemoteRoute[] = [
  { path: '/pricing', handle: main, element: <PricingPage /> },
  {
    path: '/sheets-extension-pricing',
    handle: addon,
    element: <AddonPricingPage />,
  },
  { path: '/user-account', handle: main, element: <AccountPage variant="main" /> },
  {
    path: '/sheets-extension-user-account',
    handle: addon,
    element: <AccountPage variant="addon" />,
  },
  {
    path: '/payment-success',
    handle: main,
    element: <UnderConstruction title="Payment Successful" />,
  },
  { path: '/signup-success', handle: main, element: <SignupSuccessPage /> },
  { path: '/affiliate', handle: main, element: <UnderConstruction title="Affiliate programme" /> },
  { path: '/support', handle: main, element: <SupportInboxPage /> },
  { path: '/refund-policy', handle: main, element: <UnderConstruction title="Refund Policy" /> },
];
