import { render, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from 'contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { browserNavigation, configureApi, resetSession } from 'shared-ui';
import {
  openPendingWalletLink,
  PENDING_PAYPAL_PLAN_LINK,
  resetPaypalSdk,
  USER_UPGRADED_VIA_PAYPAL,
  type PaypalButtonsOptions,
} from '../../common/wallet';
import { fakeApi, json, plansResponse } from '../../testing/billing-fixtures';
import { WALLET_CANCELLED, WalletCheckoutPage } from './WalletCheckoutPage';

// The wallet page's storage keys (spec §4 Payment, §9): pendingPaypalPlanLink across sign-in,
// userUpgradedViaPaypal after a payment; against a fake API and a fake `paypal` global.

const buyer: PublicUser = {
  name: 'Sam',
  email: 'sam@example.com',
  googleId: 'g-2',
  isPremium: false,
  planType: 'Free user',
};

let buttons: PaypalButtonsOptions[] = [];
const fakePaypal = {
  Buttons: (options: PaypalButtonsOptions) => ({
    render: () => {
      buttons.push(options);
      return Promise.resolve();
    },
  }),
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/paypal-checkout" element={<WalletCheckoutPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const api = (routes: Record<string, unknown>) =>
  fakeApi({
    '/api/plans': plansResponse('USD', true),
    '/api/session-init': { csrfToken: 'csrf-1' },
    ...routes,
  });

/** The one set of buttons the page rendered. */
const rendered = (): PaypalButtonsOptions => {
  expect(buttons).toHaveLength(1);
  const [options] = buttons;
  if (!options) throw new Error('no buttons');
  return options;
};

let consoleError: jest.SpyInstance;
beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
  resetPaypalSdk();
  localStorage.clear();
  buttons = [];
  window.paypal = fakePaypal;
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  delete window.paypal;
});

describe('the wallet page /paypal-checkout', () => {
  it('signed out: keeps the wallet link in pendingPaypalPlanLink and signs in through /pricing', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const fetchMock = api({ '/api/me': {}, '/api/set-redirect': { success: true } });
    renderAt('/paypal-checkout?plan=pro-weekly');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://api.test/auth/google'));
    expect(localStorage.getItem(PENDING_PAYPAL_PLAN_LINK)).toBe('/paypal-checkout?plan=pro-weekly');
    const setRedirect = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/set-redirect'),
    ) as [string, RequestInit];
    expect(JSON.parse(setRedirect[1].body as string)).toEqual({ path: '/pricing' });
    expect(buttons).toHaveLength(0);
  });

  it('never opens a kept value that is not a wallet link of this site', () => {
    const open = jest.fn();
    for (const value of [
      'https://evil.example/paypal-checkout?plan=x',
      '//evil.example',
      '/pricing',
    ]) {
      localStorage.setItem(PENDING_PAYPAL_PLAN_LINK, value);
      expect(openPendingWalletLink(open, open)).toBe(false);
      expect(localStorage.getItem(PENDING_PAYPAL_PLAN_LINK)).toBeNull();
    }
    expect(open).not.toHaveBeenCalled();
  });

  it('keeps the wallet link in storage until it has been opened', () => {
    localStorage.setItem(PENDING_PAYPAL_PLAN_LINK, '/paypal-checkout?plan=pro-weekly');
    const fail = () => {
      throw new Error('no window here');
    };
    expect(() => openPendingWalletLink(fail, fail)).toThrow('no window here');
    expect(localStorage.getItem(PENDING_PAYPAL_PLAN_LINK)).toBe('/paypal-checkout?plan=pro-weekly');
  });

  it('signed in: shows the plan and its USD wallet amount; a payment sets userUpgradedViaPaypal and ends on the success page', async () => {
    const fetchMock = api({
      '/api/me': { user: buyer },
      '/api/paypal/create-order': { orderId: 'ORDER0000000000001' },
      '/api/paypal-payment-success': { success: true, plan: 'pro-weekly' },
    });
    renderAt('/paypal-checkout?plan=pro-weekly');
    expect(await screen.findByText('Pro Weekly')).toBeInTheDocument();
    expect(screen.getByText(/\$2/)).toBeInTheDocument();
    await waitFor(() => expect(buttons).toHaveLength(1));
    const options = rendered();
    expect(await options.createOrder()).toBe('ORDER0000000000001');
    await options.onApprove({ orderID: 'ORDER0000000000001' });
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/payment-success?plan=pro-weekly',
    );
    expect(localStorage.getItem(USER_UPGRADED_VIA_PAYPAL)).toMatch(/^\d+$/);
    const success = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/paypal-payment-success'),
    ) as [string, RequestInit];
    expect(JSON.parse(success[1].body as string)).toEqual({
      emailId: 'sam@example.com',
      plan: 'pro-weekly',
      orderID: 'ORDER0000000000001',
    });
    expect(localStorage.getItem(PENDING_PAYPAL_PLAN_LINK)).toBeNull();
  });

  it('sends the referral the wallet link carries (aff) with the order, as card orders do, and keeps it on the success page', async () => {
    const fetchMock = api({
      '/api/me': { user: buyer },
      '/api/paypal/create-order': { orderId: 'ORDER0000000000003' },
      '/api/paypal-payment-success': { success: true, plan: 'pro-yearly' },
    });
    renderAt('/paypal-checkout?aff=partner_9&plan=pro-yearly');
    await waitFor(() => expect(buttons).toHaveLength(1));
    expect(await rendered().createOrder()).toBe('ORDER0000000000003');
    const created = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/paypal/create-order'),
    ) as [string, RequestInit];
    expect(JSON.parse(created[1].body as string)).toEqual({ plan: 'pro-yearly', aff: 'partner_9' });
    await rendered().onApprove({ orderID: 'ORDER0000000000003' });
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/payment-success?aff=partner_9&plan=pro-yearly',
    );
  });

  it('a refused payment is only logged: no flag, no navigation; a cancel says nothing was charged', async () => {
    api({
      '/api/me': { user: buyer },
      '/api/paypal-payment-success': () =>
        json({ code: 'PAYMENT_VERIFICATION_FAILED', error: 'no' }, 400),
    });
    renderAt('/paypal-checkout?plan=pro-weekly');
    await waitFor(() => expect(buttons).toHaveLength(1));
    await rendered().onApprove({ orderID: 'ORDER0000000000002' });
    expect(consoleError).toHaveBeenCalledWith(
      '[payments:wallet-confirm] failed:',
      expect.any(Error),
    );
    expect(localStorage.getItem(USER_UPGRADED_VIA_PAYPAL)).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
    rendered().onCancel?.({ orderID: 'ORDER0000000000002' });
    expect(await screen.findByText(WALLET_CANCELLED)).toBeInTheDocument();
  });

  it('an unknown plan code gets no buttons', async () => {
    api({ '/api/me': { user: buyer } });
    renderAt('/paypal-checkout?plan=gold');
    expect(await screen.findByRole('alert')).toHaveTextContent('This plan cannot be bought here.');
    expect(buttons).toHaveLength(0);
  });
});
