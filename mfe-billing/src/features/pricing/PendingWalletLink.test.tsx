import { render, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from 'contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { configureApi, resetSession } from 'shared-ui';
import { PENDING_PAYPAL_PLAN_LINK } from '../../common/wallet';
import { fakeApi, plansResponse } from '../../testing/billing-fixtures';
import { PricingPage } from './PricingPage';

// Where a person lands after signing in from the wallet page (spec §4 Payment, §9): the wallet
// link kept in pendingPaypalPlanLink is opened in a new tab (or here, when a popup blocker refuses
// the tab) and removed.

const buyer: PublicUser = {
  name: 'Sam',
  email: 'sam@example.com',
  googleId: 'g-2',
  isPremium: false,
  planType: 'Free user',
};

function WalletPage() {
  const location = useLocation();
  return <p data-testid="wallet">{`${location.pathname}${location.search}`}</p>;
}

const renderPricing = () =>
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Routes>
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="/paypal-checkout" element={<WalletPage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
  localStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('/pricing and the kept wallet link', () => {
  it('signed in on /pricing: the kept link is opened in a new tab and removed, once', async () => {
    localStorage.setItem(PENDING_PAYPAL_PLAN_LINK, '/paypal-checkout?plan=pro-weekly');
    const tab = {} as Window;
    const open = jest.spyOn(window, 'open').mockImplementation(() => tab);
    fakeApi({ '/api/plans': plansResponse('USD', true), '/api/me': { user: buyer } });
    renderPricing();
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/paypal-checkout?plan=pro-weekly', '_blank'),
    );
    expect(localStorage.getItem(PENDING_PAYPAL_PLAN_LINK)).toBeNull();
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('list', { name: 'Plans' })).toBeInTheDocument();
  });

  it('signed in, with the new tab refused by a popup blocker: this page goes to the wallet link instead, then drops it', async () => {
    localStorage.setItem(PENDING_PAYPAL_PLAN_LINK, '/paypal-checkout?plan=pro-weekly&aff=p_1');
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    fakeApi({ '/api/plans': plansResponse('USD', true), '/api/me': { user: buyer } });
    renderPricing();
    expect(await screen.findByTestId('wallet')).toHaveTextContent(
      '/paypal-checkout?plan=pro-weekly&aff=p_1',
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PENDING_PAYPAL_PLAN_LINK)).toBeNull();
  });

  it('signed out: the kept link stays for after sign-in', async () => {
    localStorage.setItem(PENDING_PAYPAL_PLAN_LINK, '/paypal-checkout?plan=pro-weekly');
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const fetchMock = fakeApi({ '/api/plans': plansResponse('USD', true), '/api/me': {} });
    renderPricing();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(localStorage.getItem(PENDING_PAYPAL_PLAN_LINK)).toBe('/paypal-checkout?plan=pro-weekly');
    expect(open).not.toHaveBeenCalled();
  });
});
