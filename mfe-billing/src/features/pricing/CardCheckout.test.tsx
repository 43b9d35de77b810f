import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from 'contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { browserNavigation, configureApi, resetSession, toast } from 'shared-ui';
import {
  ORDER_FAILED,
  PENDING_PLAN_AMOUNT,
  PENDING_PLAN_TYPE,
  resetCheckoutScript,
  VERIFICATION_FAILED,
  type CheckoutFailure,
  type CheckoutSuccess,
} from '../../common/card-checkout';
import { fakeApi, json, plansResponse } from '../../testing/billing-fixtures';
import { PricingPage } from './PricingPage';

// The card flow on /pricing for an Indian visitor (spec §4 Payment, §8 Payments, §9 storage
// keys), against a fake API and a fake checkout.js global with Razorpay's API.

const buyer: PublicUser = {
  name: 'Asha',
  email: 'asha@example.com',
  googleId: 'g-1',
  isPremium: false,
  planType: 'Free user',
};

const ORDER = {
  amount: 12900,
  currency: 'INR',
  orderId: 'order_Test0000000001',
  keyId: 'rzp_test_1',
};
const PAID: CheckoutSuccess = {
  razorpay_order_id: ORDER.orderId,
  razorpay_payment_id: 'pay_Test0000000001',
  razorpay_signature: 'a'.repeat(64),
};

type Opened = {
  options: Record<string, unknown> & { handler: (r: CheckoutSuccess) => void };
  failed: (r: CheckoutFailure) => void;
};
let opened: Opened[] = [];

class FakeRazorpay {
  private failed: (r: CheckoutFailure) => void = () => undefined;
  constructor(private readonly options: Opened['options']) {}
  on(_event: string, callback: (r: CheckoutFailure) => void) {
    this.failed = callback;
  }
  open() {
    opened.push({ options: this.options, failed: this.failed });
  }
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const renderPricing = () =>
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Routes>
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const bodyOf = (fetchMock: jest.Mock, path: string): unknown => {
  const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(path)) as
    [string, RequestInit] | undefined;
  return call ? JSON.parse(call[1].body as string) : undefined;
};
const headersOf = (fetchMock: jest.Mock, path: string): Headers => {
  const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(path)) as
    [string, RequestInit] | undefined;
  return new Headers(call?.[1].headers);
};

const api = (routes: Record<string, unknown>) =>
  fakeApi({
    '/api/plans': plansResponse('INR', true),
    '/api/session-init': { csrfToken: 'csrf-1' },
    ...routes,
  });

const buyMonthly = async () => {
  const card = within(await screen.findByRole('listitem', { name: 'Pro Monthly' }));
  await userEvent.click(card.getByRole('button', { name: 'Buy Pro Monthly' }));
};

let toastError: jest.SpyInstance;
beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
  resetCheckoutScript();
  localStorage.clear();
  opened = [];
  window.Razorpay = FakeRazorpay;
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 1);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  delete window.Razorpay;
});

describe('the card flow on /pricing (Indian visitors)', () => {
  it('keeps the plan and its amount, then signs in, when create-order answers 401', async () => {
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const fetchMock = api({
      '/api/me': {},
      '/api/create-order': () => json({ code: 'UNAUTHORIZED', error: 'Sign in first.' }, 401),
      '/api/set-redirect': { success: true },
    });
    renderPricing();
    await buyMonthly();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://api.test/auth/google'));
    expect(localStorage.getItem(PENDING_PLAN_AMOUNT)).toBe('129');
    expect(localStorage.getItem(PENDING_PLAN_TYPE)).toBe('Pro Monthly');
    expect(bodyOf(fetchMock, '/api/create-order')).toEqual({
      planType: 'Pro Monthly',
      amount: 129,
    });
    expect(bodyOf(fetchMock, '/api/set-redirect')).toEqual({ path: '/pricing' });
    expect(opened).toHaveLength(0);
  });

  it('resumes the kept plan once signed in, removes the keys, and ends on the success page', async () => {
    localStorage.setItem(PENDING_PLAN_AMOUNT, '129');
    localStorage.setItem(PENDING_PLAN_TYPE, 'Pro Monthly');
    const fetchMock = api({
      '/api/me': { user: buyer },
      '/api/create-order': ORDER,
      '/api/verify-payment': { success: true },
    });
    renderPricing();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(localStorage.getItem(PENDING_PLAN_AMOUNT)).toBeNull();
    expect(localStorage.getItem(PENDING_PLAN_TYPE)).toBeNull();
    expect(bodyOf(fetchMock, '/api/create-order')).toEqual({
      planType: 'Pro Monthly',
      amount: 129,
    });
    // A POST like every other: with the session's CSRF token.
    expect(headersOf(fetchMock, '/api/create-order').get('X-CSRF-Token')).toBe('csrf-1');
    expect(opened[0]?.options).toMatchObject({
      key: 'rzp_test_1',
      amount: 12900,
      currency: 'INR',
      order_id: ORDER.orderId,
    });
    opened[0]?.options.handler(PAID);
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/payment-success?plan=pro-monthly',
    );
    expect(bodyOf(fetchMock, '/api/verify-payment')).toEqual({ ...PAID, planType: 'Pro Monthly' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('opens one checkout for a double click, and another once the first is closed', async () => {
    const fetchMock = api({ '/api/me': { user: buyer }, '/api/create-order': ORDER });
    renderPricing();
    const card = within(await screen.findByRole('listitem', { name: 'Pro Monthly' }));
    await userEvent.dblClick(card.getByRole('button', { name: 'Buy Pro Monthly' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    const orders = (): unknown[] =>
      (fetchMock.mock.calls as [unknown][]).filter(([input]) =>
        String(input).endsWith('/api/create-order'),
      );
    expect(orders()).toHaveLength(1);
    (opened[0]?.options.modal as { ondismiss: () => void }).ondismiss();
    await userEvent.click(card.getByRole('button', { name: 'Buy Pro Monthly' }));
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(orders()).toHaveLength(2);
  });

  it("says 'Something went wrong. Please try again.' when the order cannot be created", async () => {
    api({
      '/api/me': { user: buyer },
      '/api/create-order': () => json({ code: 'INTERNAL', error: 'Razorpay is down' }, 503),
    });
    renderPricing();
    await buyMonthly();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(ORDER_FAILED));
    expect(opened).toHaveLength(0);
    expect(localStorage.getItem(PENDING_PLAN_TYPE)).toBeNull();
  });

  it('says why when the server will not sell a plan that would not extend the current one', async () => {
    const reason = 'You already have Pro Yearly until 2027-11-24: this plan would not extend it.';
    api({
      '/api/me': { user: buyer },
      '/api/create-order': () => json({ code: 'PLAN_ALREADY_COVERED', error: reason }, 409),
    });
    renderPricing();
    await buyMonthly();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(reason));
    expect(toastError).not.toHaveBeenCalledWith(ORDER_FAILED);
    expect(opened).toHaveLength(0);
  });

  it('keeps the verification-failure toast 8 s when verify-payment refuses', async () => {
    api({
      '/api/me': { user: buyer },
      '/api/create-order': ORDER,
      '/api/verify-payment': () =>
        json({ success: false, code: 'PAYMENT_VERIFICATION_FAILED', error: 'Bad signature' }, 400),
    });
    renderPricing();
    await buyMonthly();
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]?.options.handler(PAID);
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(VERIFICATION_FAILED, { duration: 8000 }),
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it("shows the checkout's decline message and verifies nothing", async () => {
    const fetchMock = api({ '/api/me': { user: buyer }, '/api/create-order': ORDER });
    renderPricing();
    await buyMonthly();
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]?.failed({
      error: {
        description: 'Your payment has been declined by the bank.',
        reason: 'payment_declined',
      },
    });
    expect(toastError).toHaveBeenCalledWith('Your payment has been declined by the bank.');
    expect(bodyOf(fetchMock, '/api/verify-payment')).toBeUndefined();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('removes kept keys it cannot resume (payments not available to this visitor)', async () => {
    localStorage.setItem(PENDING_PLAN_AMOUNT, '4');
    localStorage.setItem(PENDING_PLAN_TYPE, 'Pro Monthly');
    fakeApi({ '/api/me': { user: buyer }, '/api/plans': plansResponse('USD') });
    renderPricing();
    await screen.findByRole('list', { name: 'Plans' });
    await waitFor(() => expect(localStorage.getItem(PENDING_PLAN_TYPE)).toBeNull());
    expect(localStorage.getItem(PENDING_PLAN_AMOUNT)).toBeNull();
    expect(opened).toHaveLength(0);
  });
});
