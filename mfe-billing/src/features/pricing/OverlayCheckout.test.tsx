import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { browserNavigation, configureApi, resetSession, toast } from 'shared-ui';
import { PENDING_PLAN_AMOUNT, PENDING_PLAN_TYPE } from '../../common/card-checkout';
import {
  CLOSE_TAB_AFTER_MS,
  FROM_EXTENSION,
  resetLemonSqueezy,
  SHOULD_NOTIFY_UPGRADE,
  UPGRADE_PENDING,
  UPGRADE_POLL_MS,
  UPGRADE_TOAST_MS,
  UPGRADE_WAIT_MS,
} from '../../common/overlay-checkout';
import { fakeApi, json, plansResponse } from '../../testing/billing-fixtures';
import { PricingPage } from './PricingPage';

// The hosted overlay on /pricing (visitors outside India) and /sheets-extension-pricing (spec §4
// Payment, §9 storage keys and timings), against a fake API and a fake lemon.js global.

const buyer: PublicUser = {
  name: 'Uma',
  email: 'uma@example.com',
  googleId: 'g-2',
  isPremium: false,
  planType: 'Free user',
};
const yearly: PublicUser = { ...buyer, isPremium: true, planType: 'Pro Yearly' };
const LINK = 'https://shop.example/checkout/buy/9003?checkout%5Bcustom%5D%5Buser_id%5D=u1&embed=1';

let handler: ((event: { event: string; data?: unknown }) => void) | null = null;
let openedUrls: string[] = [];

const fakeLemon = {
  Setup: (options: { eventHandler: typeof handler }) => {
    handler = options.eventHandler;
  },
  Url: { Open: (url: string) => openedUrls.push(url), Close: () => undefined },
};

const renderAt = (path: string, page = <PricingPage />) =>
  render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);

const checkoutCalls = (fetchMock: jest.Mock): string[] =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.includes('/api/checkout-link'));

let toastSuccess: jest.SpyInstance;
let toastInfo: jest.SpyInstance;
let reload: jest.SpyInstance;
let closeTab: jest.SpyInstance;
beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
  resetLemonSqueezy();
  localStorage.clear();
  handler = null;
  openedUrls = [];
  window.LemonSqueezy = fakeLemon;
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 1);
  toastInfo = jest.spyOn(toast, 'info').mockImplementation(() => 1);
  jest.spyOn(toast, 'error').mockImplementation(() => 1);
  reload = jest.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
  closeTab = jest.spyOn(browserNavigation, 'closeTab').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete window.LemonSqueezy;
});

const buyYearly = async () => {
  const card = within(await screen.findByRole('listitem', { name: 'Pro Yearly' }));
  await userEvent.click(card.getByRole('button', { name: 'Buy Pro Yearly' }));
};

describe('buying in the overlay', () => {
  it('opens the signed checkout link in lemon.js; Checkout.Success sets shouldNotifyUserUpgrade and reloads', async () => {
    const fetchMock = fakeApi({
      '/api/plans': plansResponse('USD', true),
      '/api/me': { user: buyer },
      '/api/checkout-link': { plan: 'pro-yearly', url: LINK },
    });
    renderAt('/pricing');
    await buyYearly();
    await waitFor(() => expect(openedUrls).toEqual([LINK]));
    expect(checkoutCalls(fetchMock)).toEqual(['http://api.test/api/checkout-link?plan=pro-yearly']);
    expect(localStorage.getItem(SHOULD_NOTIFY_UPGRADE)).toBeNull();
    act(() => handler?.({ event: 'Checkout.Success', data: { order: {} } }));
    expect(JSON.parse(localStorage.getItem(SHOULD_NOTIFY_UPGRADE) ?? 'null')).toMatchObject({
      code: 'pro-yearly',
      name: 'Pro Yearly',
      kind: 'plan',
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks for source=extension and remembers fromExtension in an extension-origin session', async () => {
    const fetchMock = fakeApi({
      '/api/plans': plansResponse('USD', true),
      '/api/me': { user: buyer },
      '/api/checkout-link': { plan: 'pro-yearly', url: LINK },
    });
    renderAt('/pricing?source=extension');
    await buyYearly();
    await waitFor(() => expect(openedUrls).toHaveLength(1));
    expect(checkoutCalls(fetchMock)).toEqual([
      'http://api.test/api/checkout-link?plan=pro-yearly&source=extension',
    ]);
    expect(localStorage.getItem(FROM_EXTENSION)).toBe('true');
  });

  it("passes the page's discount_code to the checkout the server creates", async () => {
    const fetchMock = fakeApi({
      '/api/plans': plansResponse('USD', true),
      '/api/me': { user: buyer },
      '/api/checkout-link': { plan: 'pro-yearly', url: LINK },
    });
    // The pages run in a browser router: the page's query is the window's.
    window.history.replaceState(null, '', '/pricing?discount_code=SAVE10&aff=p_1');
    try {
      renderAt('/pricing?discount_code=SAVE10&aff=p_1');
      await buyYearly();
      await waitFor(() => expect(openedUrls).toEqual([LINK]));
    } finally {
      window.history.replaceState(null, '', '/');
    }
    expect(checkoutCalls(fetchMock)).toEqual([
      'http://api.test/api/checkout-link?plan=pro-yearly&discountCode=SAVE10',
    ]);
  });

  it('keeps the checkout link pending (pendingPlanType, no amount) and signs in on a 401', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    fakeApi({
      '/api/plans': plansResponse('USD', true),
      '/api/me': {},
      '/api/session-init': { csrfToken: 'csrf-1' },
      '/api/set-redirect': { success: true },
      '/api/checkout-link': () => json({ code: 'UNAUTHORIZED', error: 'Sign in first.' }, 401),
    });
    renderAt('/pricing');
    await buyYearly();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://api.test/auth/google'));
    expect(localStorage.getItem(PENDING_PLAN_TYPE)).toBe('pro-yearly');
    expect(localStorage.getItem(PENDING_PLAN_AMOUNT)).toBeNull();
    expect(openedUrls).toEqual([]);
  });
});

describe('after the reload (shouldNotifyUserUpgrade)', () => {
  it("toasts 'Account upgraded! Welcome to Pro Yearly!' for 4 s once /api/me shows the plan, and removes the flag", async () => {
    localStorage.setItem(
      SHOULD_NOTIFY_UPGRADE,
      JSON.stringify({ code: 'pro-yearly', name: 'Pro Yearly', kind: 'plan', topUpBefore: 0 }),
    );
    // The webhook lands between the first and the second look at /api/me.
    let calls = 0;
    fakeApi({
      '/api/plans': plansResponse('USD', true),
      '/api/me': () => json({ user: (calls += 1) > 1 ? yearly : buyer }),
    });
    jest.useFakeTimers({ advanceTimers: true });
    renderAt('/pricing');
    expect(localStorage.getItem(SHOULD_NOTIFY_UPGRADE)).toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(UPGRADE_POLL_MS * 3);
    });
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Account upgraded! Welcome to Pro Yearly!', {
        duration: UPGRADE_TOAST_MS,
      }),
    );
    expect(closeTab).not.toHaveBeenCalled();
  });

  it("closes an extension-origin tab after the toast and forgets fromExtension, so a later web checkout is the web's own", async () => {
    localStorage.setItem(FROM_EXTENSION, 'true');
    localStorage.setItem(
      SHOULD_NOTIFY_UPGRADE,
      JSON.stringify({ code: 'pro-yearly', name: 'Pro Yearly', kind: 'plan', topUpBefore: 0 }),
    );
    const fetchMock = fakeApi({
      '/api/plans': plansResponse('USD', true),
      '/api/me': { user: yearly },
      '/api/checkout-link': { plan: 'lifetime', url: LINK },
    });
    jest.useFakeTimers({ advanceTimers: true });
    const first = renderAt('/pricing');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(UPGRADE_POLL_MS);
    });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledTimes(1));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CLOSE_TAB_AFTER_MS);
    });
    expect(closeTab).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(FROM_EXTENSION)).toBeNull();
    first.unmount();
    jest.useRealTimers();

    // Later, an ordinary visit to /pricing in the same browser.
    renderAt('/pricing');
    const card = within(await screen.findByRole('listitem', { name: 'Lifetime' }));
    await userEvent.click(card.getByRole('button', { name: 'Buy Lifetime' }));
    await waitFor(() => expect(openedUrls).toHaveLength(1));
    expect(checkoutCalls(fetchMock)).toEqual(['http://api.test/api/checkout-link?plan=lifetime']);
    expect(closeTab).toHaveBeenCalledTimes(1);
  });

  it('says the payment was received, not upgraded, when the grant has not shown in time', async () => {
    localStorage.setItem(
      SHOULD_NOTIFY_UPGRADE,
      JSON.stringify({ code: 'pro-yearly', name: 'Pro Yearly', kind: 'plan', topUpBefore: 0 }),
    );
    fakeApi({ '/api/plans': plansResponse('USD', true), '/api/me': { user: buyer } });
    jest.useFakeTimers({ advanceTimers: true });
    renderAt('/pricing');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(UPGRADE_WAIT_MS + 2 * UPGRADE_POLL_MS);
    });
    await waitFor(() =>
      expect(toastInfo).toHaveBeenCalledWith(UPGRADE_PENDING, { duration: UPGRADE_TOAST_MS }),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
