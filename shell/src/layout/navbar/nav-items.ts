import { isLifetime, type SessionState } from 'shared-ui';

// The items of each navbar (spec §2 'Navigation'), as data so the rules are easy to read and test.
export type NavItem =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'feedback'; label: string };

export type MainNavOptions = {
  user: SessionState;
  newUser: boolean;
  landing: boolean;
  affiliateSignupUrl: string;
};

const shareAndEarn = (url: string): NavItem =>
  /^https?:\/\//.test(url)
    ? { kind: 'external', label: 'Share & Earn', href: url }
    : { kind: 'link', label: 'Share & Earn', to: url };

export function mainDesktopItems({ user, newUser, affiliateSignupUrl }: MainNavOptions): NavItem[] {
  const items: NavItem[] = [
    shareAndEarn(affiliateSignupUrl),
    { kind: 'link', label: 'How It Works', to: '/#how-it-works' },
    { kind: 'link', label: 'FAQs', to: '/#faq' },
    { kind: 'link', label: newUser ? 'Contact Us' : 'Help ?', to: '/contact-us' },
  ];
  // Lifetime users have nothing left to buy; the new-user variant always offers Pricing.
  if (newUser || !isLifetime(user)) items.push({ kind: 'link', label: 'Pricing', to: '/pricing' });
  return items;
}

export function mainMobileItems(options: MainNavOptions): NavItem[] {
  if (!options.landing) return mainDesktopItems(options);
  const { user, newUser } = options;
  return [
    { kind: 'link', label: 'Affiliate', to: '/affiliate' },
    { kind: 'link', label: newUser ? 'Contact Us' : 'Help ?', to: '/contact-us' },
    { kind: 'link', label: 'How It Works', to: '/#how-it-works' },
    { kind: 'link', label: 'FAQs', to: '/#faq' },
    !newUser && isLifetime(user)
      ? { kind: 'feedback', label: 'Feedback?' }
      : { kind: 'link', label: 'Pricing', to: '/pricing' },
  ];
}

export const ADDON_HOME = '/pdf-to-sheets-extension';

export function addonDesktopItems(user: SessionState, hidePricing: boolean): NavItem[] {
  return hidePricing || isLifetime(user)
    ? []
    : [{ kind: 'link', label: 'Pricing', to: '/sheets-extension-pricing' }];
}

export function addonMobileItems(user: SessionState, hidePricing: boolean): NavItem[] {
  const items: NavItem[] = [
    { kind: 'link', label: 'Affiliate', to: '/affiliate' },
    { kind: 'link', label: 'Help', to: '/sheets-extension-contact-us' },
    { kind: 'link', label: 'How It Works', to: `${ADDON_HOME}#how-it-works` },
    { kind: 'link', label: 'FAQs', to: `${ADDON_HOME}#faq` },
    ...addonDesktopItems(user, hidePricing),
  ];
  if (isLifetime(user)) items.push({ kind: 'feedback', label: 'Feedback?' });
  return items;
}
