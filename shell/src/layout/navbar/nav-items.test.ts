import type { User } from 'shared-ui';
import {
  addonDesktopItems,
  addonMobileItems,
  mainDesktopItems,
  mainMobileItems,
  type NavItem,
} from './nav-items';

const free = { name: 'A', email: 'a@example.com', planType: 'Free user' } as User;
const lifetime = { ...free, planType: 'Lifetime', isPremium: true } as User;
const labels = (items: NavItem[]) => items.map((i) => i.label);
const base = { newUser: false, landing: false, affiliateSignupUrl: 'https://aff.example/join' };

describe('main navbar items', () => {
  it('lists Share & Earn (external), How It Works, FAQs, Help ? and Pricing', () => {
    const items = mainDesktopItems({ ...base, user: null });
    expect(labels(items)).toEqual(['Share & Earn', 'How It Works', 'FAQs', 'Help ?', 'Pricing']);
    expect(items[0]).toEqual({
      kind: 'external',
      label: 'Share & Earn',
      href: 'https://aff.example/join',
      event: 'affiliate_clicked',
    });
    expect(items.find((i) => i.label === 'Pricing')).toMatchObject({ event: 'pricing_clicked' });
  });

  it('opens Share & Earn in a new tab also when the sign-up is a path of this site', () => {
    const items = mainDesktopItems({ ...base, affiliateSignupUrl: '/affiliate', user: null });
    expect(items[0]).toMatchObject({ kind: 'external', href: '/affiliate' });
  });

  it("gives Lifetime users 'Feedback?' instead of Pricing in the mobile menu of other pages", () => {
    expect(labels(mainMobileItems({ ...base, user: lifetime }))).toEqual([
      'Share & Earn',
      'How It Works',
      'FAQs',
      'Help ?',
      'Feedback?',
    ]);
    expect(labels(mainMobileItems({ ...base, user: free }))).toContain('Pricing');
    expect(labels(mainMobileItems({ ...base, user: free }))).not.toContain('Feedback?');
  });

  it('hides Pricing for Lifetime users on desktop', () => {
    expect(labels(mainDesktopItems({ ...base, user: lifetime }))).not.toContain('Pricing');
    expect(labels(mainDesktopItems({ ...base, user: free }))).toContain('Pricing');
  });

  it('labels Help as Contact Us and always shows Pricing in the new-user variant', () => {
    const items = labels(mainDesktopItems({ ...base, newUser: true, user: lifetime }));
    expect(items).toContain('Contact Us');
    expect(items).not.toContain('Help ?');
    expect(items).toContain('Pricing');
  });

  it('gives landing pages the Affiliate / Help ? / How It Works / FAQs / Pricing mobile menu', () => {
    expect(labels(mainMobileItems({ ...base, landing: true, user: free }))).toEqual([
      'Affiliate',
      'Help ?',
      'How It Works',
      'FAQs',
      'Pricing',
    ]);
  });

  it("offers Lifetime users 'Feedback?' instead of Pricing in the landing mobile menu", () => {
    const items = mainMobileItems({ ...base, landing: true, user: lifetime });
    expect(items.at(-1)).toEqual({ kind: 'feedback', label: 'Feedback?' });
  });
});

describe('add-on navbar items', () => {
  it('shows Pricing except to Lifetime users and on the feedback page', () => {
    expect(labels(addonDesktopItems(free, false))).toEqual(['Pricing']);
    expect(addonDesktopItems(lifetime, false)).toEqual([]);
    expect(addonDesktopItems(free, true)).toEqual([]);
  });

  it("lists exactly Affiliate, Help, How It Works and FAQs in the mobile menu, and 'Feedback?' for Lifetime users", () => {
    for (const user of [null, free]) {
      expect(labels(addonMobileItems(user))).toEqual(['Affiliate', 'Help', 'How It Works', 'FAQs']);
    }
    expect(addonMobileItems(lifetime)).toEqual([
      { kind: 'link', label: 'Affiliate', to: '/affiliate', event: 'affiliate_clicked' },
      { kind: 'link', label: 'Help', to: '/sheets-extension-contact-us' },
      { kind: 'link', label: 'How It Works', to: '/pdf-to-sheets-extension#how-it-works' },
      { kind: 'link', label: 'FAQs', to: '/pdf-to-sheets-extension#faq' },
      { kind: 'feedback', label: 'Feedback?' },
    ]);
  });
});
