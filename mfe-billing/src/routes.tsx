import type { ReactNode } from 'react';
import { metaRoute, type RemoteRoute, type RouteChrome } from 'shared-ui';
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

/** Each route's own title and description (issue 22), shown while its page is. */
export const ROUTE_META = {
  '/pricing': {
    title: 'Pricing | Image to Text',
    description: 'Image to Text plans and what each one includes, paid by card or with PayPal.',
  },
  '/sheets-extension-pricing': {
    title: 'Pricing | PDF to Sheets',
    description:
      'Credits for the PDF to Sheets add-on: monthly subscriptions of 100, 500 or 1000 credits, or top-ups that never expire.',
  },
  '/user-account': {
    title: 'Account | Image to Text',
    description: 'Your Image to Text account: profile, plan, payments and billing details.',
  },
  '/sheets-extension-user-account': {
    title: 'Account | PDF to Sheets',
    description:
      'Your PDF to Sheets account: profile, credits, subscription, payments and billing details.',
  },
  '/payment-success': {
    title: 'Payment successful | Image to Text',
    description: 'Thank you for your purchase: the plan you bought and where to get help.',
  },
  '/receipt': {
    title: 'Receipt | Image to Text',
    description: 'The receipt of one of your payments: what was bought, when, and for how much.',
  },
  '/paypal-checkout': {
    title: 'Pay with PayPal | Image to Text',
    description: 'Pay for the plan you chose with PayPal.',
  },
  '/signup-success': {
    title: 'Welcome | Image to Text',
    description: 'Your account is ready: the PDF to Sheets add-on listing opens in a moment.',
  },
  '/affiliate': {
    title: 'Affiliate Program | Image to Text',
    description: 'Become an affiliate: a 30% commission on every sale made through your link.',
  },
  '/support': {
    title: 'Support inbox | Image to Text',
    description: 'Contact messages and feedback for the support team, newest first.',
  },
  '/refund-policy': {
    title: 'Refund Policy | Image to Text',
    description:
      'When and how purchases are refunded: the text tool, the PDF to Sheets add-on and the comment filter extension.',
  },
} as const;

const route = (
  path: keyof typeof ROUTE_META,
  handle: RouteChrome,
  element: ReactNode,
  options?: { prerender?: boolean },
) => metaRoute(ROUTE_META, path, handle, element, options);
/** A public page: its HTML is prerendered by this remote's build (issue 25). */
const PUBLIC = { prerender: true };

export const routes: RemoteRoute[] = [
  route('/pricing', main, <PricingPage />, PUBLIC),
  route('/sheets-extension-pricing', addon, <AddonPricingPage />),
  route('/user-account', main, <AccountPage variant="main" />),
  route('/sheets-extension-user-account', addon, <AccountPage variant="addon" />),
  route('/payment-success', main, <PaymentSuccessPage />),
  route('/receipt', main, <ReceiptPage />),
  route('/paypal-checkout', main, <WalletCheckoutPage />),
  route('/signup-success', main, <SignupSuccessPage />),
  route('/affiliate', main, <AffiliatePage />, PUBLIC),
  route('/support', main, <SupportInboxPage />),
  route('/refund-policy', main, <RefundPolicyPage />, PUBLIC),
];
