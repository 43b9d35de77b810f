import type { ComponentType, ReactNode } from 'react';

// What every remote exposes as './routes' and what the shell composes.
export type NavbarVariant = 'main' | 'new-user' | 'addon' | 'none';
export type FooterVariant = 'main' | 'addon';

export type RouteChrome = {
  navbar: NavbarVariant;
  footer: FooterVariant;
  /** Landing pages get the anchor-style mobile menu (spec §2). */
  landing?: boolean;
  /** The add-on navbar hides Pricing on its feedback page. */
  hidePricing?: boolean;
};

export type RemoteRoute = {
  path: string;
  element: ReactNode;
  handle: RouteChrome;
  /**
   * A public page (no visitor needed to show it): the remote's build prerenders its HTML and the
   * shell's server serves it, so it paints before any JavaScript runs (issue 25).
   */
  prerender?: boolean;
};

export type FeedbackFormProps = { onDone: () => void };

export type RemoteModule = {
  routes: RemoteRoute[];
  /** Content of the footer's feedback popup, when this remote owns one. */
  FeedbackForm?: ComponentType<FeedbackFormProps>;
};

export const DEFAULT_CHROME: RouteChrome = { navbar: 'main', footer: 'main' };
