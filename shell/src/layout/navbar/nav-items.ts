import { isLifetime, type SessionState } from 'shared-ui';

// The items of each navbar (spec §2 'Navigation'), as data so the rules are easy to read and test.
/** The analytics event a click on the item sends (spec §7). */
export type NavEvent = 'pricing_clicked' | 'affiliate_clicked';

export type NavItem =
  | { kind: 'link'; label: string; to: string; event?: NavEvent }
  | { kind: 'external'; label: string; href: string; event?: NavEvent }
  | { kind: 'feedback'; label: string };

export type MainNavOptions = {
  user: SessionState;
  newUser: boolean;
  landing: boolean;
  affiliateSignupUrl: string;
};

// The affiliate sign-up always opens in a new tab (spec §2), also when it is configured as a path
// of this site (the default, /affiliate, until a sign-up URL is set).
const shareAndEarn = (url: string): NavItem => ({
  kind: 'external',
  label: 'Share & Earn',
  href: url,
  event: 'affiliate_clicked',
});

const pricing = (to: string): NavItem => ({
  kind: 'link',
  label: 'Pricing',
  to,
  event: 'pricing_clicked',
});
const affiliate: NavItem = {
  kind: 'link',
  label: 'Affiliate',
  to: '/affiliate',
  event: 'affiliate_clicked',
};

export function mainDesktopItems({ user, newUser, affiliateSignupUrl }: MainNavOptions): NavItem[] {
  const items: NavItem[] = [
    shareAndEarn(affiliateSignupUrl),
    { kind: 'link', label: 'How It Works', to: '/#how-it-works' },
    { kind: 'link', label: 'FAQs', to: '/#faq' },
    { kind: 'link', label: newUser ? 'Contact Us' : 'Help ?', to: '/contact-us' },
  ];
  // Lifetime users have nothing left to buy; the new-user variant always offers Pricing.
  if (newUser || !isLifetime(user)) items.push(pricing('/pricing'));
  return items;
}

const feedback: NavItem = { kind: 'feedback', label: 'Feedback?' };

export function mainMobileItems(options: MainNavOptions): NavItem[] {
  const { user, newUser } = options;
  // Lifetime users get 'Feedback?' where others get Pricing (spec §2, §6), on every page.
  if (!options.landing) {
    const items = mainDesktopItems(options);
    return !newUser && isLifetime(user) ? [...items, feedback] : items;
  }
  return [
    affiliate,
    { kind: 'link', label: newUser ? 'Contact Us' : 'Help ?', to: '/contact-us' },
    { kind: 'link', label: 'How It Works', to: '/#how-it-works' },
    { kind: 'link', label: 'FAQs', to: '/#faq' },
    !newUser && isLifetime(user) ? feedback : pricing('/pricing'),
  ];
}

export const ADDON_HOME = '/pdf-to-sheets-extension';

/** Pricing, except to Lifetime users and on the feedback page (spec §2). */
export function addonDesktopItems(user: SessionState, hidePricing: boolean): NavItem[] {
  return hidePricing || isLifetime(user) ? [] : [pricing('/sheets-extension-pricing')];
}

/**
 * Exactly Affiliate, Help, How It Works, FAQs, and 'Feedback?' for Lifetime users (spec §2); the
 * anchors are the add-on landing's sections (mfe-sheets-addon LandingPage).
 */
export function addonMobileItems(user: SessionState): NavItem[] {
  const items: NavItem[] = [
    affiliate,
    { kind: 'link', label: 'Help', to: '/sheets-extension-contact-us' },
    { kind: 'link', label: 'How It Works', to: `${ADDON_HOME}#how-it-works` },
    { kind: 'link', label: 'FAQs', to: `${ADDON_HOME}#faq` },
  ];
  if (isLifetime(user)) items.push(feedback);
  return items;
}
