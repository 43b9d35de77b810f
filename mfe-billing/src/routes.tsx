import type { RemoteRoute, RouteChrome } from 'shared-ui';
import { AddonPricingPage } from './features/addon-pricing/AddonPricingPage';
import { AccountPage } from './features/account/AccountPage';
import { AffiliatePage } from './features/affiliate/AffiliatePage';
import { PaymentSuccessPage } from './features/payment-success/PaymentSuccessPage';
import { ReceiptPage } from './features/receipt/ReceiptPage';
import { RefundPolicyPage } from './features/refund-policy/RefundPolicyPage';
import { PricingPage } from './features/pricing/PricingPage';
import { SignupSuccessPage } from './features/signup/SignupSuccessPage';
import { WalletCheckoutPage } from './features/wallet/WalletCheckoutPage';
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
    element: <PaymentSuccessPage />,
  },
  { path: '/receipt', handle: main, element: <ReceiptPage /> },
  { path: '/paypal-checkout', handle: main, element: <WalletCheckoutPage /> },
  { path: '/signup-success', handle: main, element: <SignupSuccessPage /> },
  { path: '/affiliate', handle: main, element: <AffiliatePage /> },
  { path: '/support', handle: main, element: <SupportInboxPage /> },
  { path: '/refund-policy', handle: main, element: <RefundPolicyPage /> },
];
