import { act, render, waitFor } from '@testing-library/react';
import type { PublicUser } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { browserNavigation, configureApi, resetSession, toast } from 'shared-ui';
import { PENDING_PLAN_TYPE } from '../../common/card-checkout';
import {
  CLOSE_TAB_AFTER_MS,
  FROM_EXTENSION,
  resetLemonSqueezy,
  SHOULD_NOTIFY_UPGRADE,
  UPGRADE_TOAST_MS,
} from '../../common/overlay-checkout';
import { addonPlansResponse, fakeApi } from '../../testing/billing-fixtures';
import { AddonPricingPage } from './AddonPricingPage';

// The hosted overlay on /sheets-extension-pricing (spec §4 Payment, §9 storage keys and timings):
// the pending checkout link after sign-in, and the add-on's upgrade toast, against a fake API and
// a fake lemon.js global.

const buyer: PublicUser = {
  name: 'Uma',
  email: 'uma@example.com',
  googleId: 'g-2',
  isPremium: false,
  planType: 'Free user',
};
const LINK = 'https://shop.example/checkout/buy/9003?checkout%5Bcustom%5D%5Buser_id%5D=u1&embed=1';

let openedUrls: string[] = [];
const fakeLemon = {
  Setup: () => undefined,
  Url: { Open: (url: string) => openedUrls.push(url), Close: () => undefined },
};

const renderAt = (path: string, page = <AddonPricingPage />) =>
  render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);

const checkoutCalls = (fetchMock: jest.Mock): string[] =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.includes('/api/checkout-link'));

let toastSuccess: jest.SpyInstance;
let closeTab: jest.SpyInstance;
beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
  resetLemonSqueezy();
  localStorage.clear();
  openedUrls = [];
  window.LemonSqueezy = fakeLemon;
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 1);
  jest.spyOn(toast, 'error').mockImplementation(() => 1);
  jest.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
  closeTab = jest.spyOn(browserNavigation, 'closeTab').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete window.LemonSqueezy;
});

describe('the add-on in the overlay', () => {
  it('opens the pending checkout link in a new tab once signed in, and removes it', async () => {
    localStorage.setItem(PENDING_PLAN_TYPE, 'topUp500');
    const tab = { opener: {} };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const fetchMock = fakeApi({
      '/api/sheets-extension/plans': addonPlansResponse(true),
      '/api/me': { user: buyer },
      '/api/checkout-link': { plan: 'topUp500', url: LINK },
    });
    renderAt('/sheets-extension-pricing', <AddonPricingPage />);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(
      'https://shop.example/checkout/buy/9003?checkout%5Bcustom%5D%5Buser_id%5D=u1',
      '_blank',
    );
    expect(tab.opener).toBeNull();
    expect(checkoutCalls(fetchMock)).toEqual(['http://api.test/api/checkout-link?plan=topUp500']);
    expect(localStorage.getItem(PENDING_PLAN_TYPE)).toBeNull();
    expect(openedUrls).toEqual([]);
  });
  it('opens the pending link in the overlay here when the browser blocks the new tab', async () => {
    localStorage.setItem(PENDING_PLAN_TYPE, 'sub100');
    jest.spyOn(window, 'open').mockReturnValue(null);
    fakeApi({
      '/api/sheets-extension/plans': addonPlansResponse(true),
      '/api/me': { user: buyer },
      '/api/checkout-link': { plan: 'sub100', url: LINK },
    });
    renderAt('/sheets-extension-pricing');
    await waitFor(() => expect(openedUrls).toEqual([LINK]));
    expect(localStorage.getItem(PENDING_PLAN_TYPE)).toBeNull();
  });

  it('adds the celebration emoji for the add-on and closes an extension-origin tab 100 ms later', async () => {
    localStorage.setItem(FROM_EXTENSION, 'true');
    localStorage.setItem(
      SHOULD_NOTIFY_UPGRADE,
      JSON.stringify({ code: 'topUp500', name: '500 credits', kind: 'topUp', topUpBefore: 0 }),
    );
    fakeApi({
      '/api/sheets-extension/plans': addonPlansResponse(true),
      '/api/me': { user: { ...buyer, topUpBalance: 500 } },
    });
    jest.useFakeTimers({ advanceTimers: true });
    renderAt('/sheets-extension-pricing', <AddonPricingPage />);
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Account upgraded! Welcome to 500 credits! 🎉', {
        duration: UPGRADE_TOAST_MS,
      }),
    );
    expect(closeTab).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(CLOSE_TAB_AFTER_MS);
    });
    expect(closeTab).toHaveBeenCalledTimes(1);
  });
});
