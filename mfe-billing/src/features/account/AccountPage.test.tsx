import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HeldPurchase, PaymentRecord, PublicUser } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import {
  browserNavigation,
  configureApi,
  configurePlatform,
  resetSession,
  ToastHost,
} from 'shared-ui';
import { AccountPage, type AccountVariant } from './AccountPage';
import { CLAIMED } from './HeldPurchases';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

type Answers = {
  me: unknown;
  payments?: () => Promise<Response>;
  portal?: () => Promise<Response>;
  held?: () => Promise<Response>;
  claim?: (url: string, init?: RequestInit) => Promise<Response>;
};

/**
 * Answers GET /api/me, /api/billing/payments and /api/held-purchases (and, when given, the
 * portal link and the claim with its CSRF token); any other call is a test failure.
 */
function api({
  me,
  payments = () => json({ payments: [] }),
  portal,
  held = () => json({ purchases: [] }),
  claim,
}: Answers) {
  resetSession();
  const fetchMock = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/me')) return json(me);
    if (url.endsWith('/api/billing/payments')) return payments();
    if (url.endsWith('/api/held-purchases')) return held();
    if (portal && url.includes('/api/get-customer-portal-link?')) return portal();
    if (claim && url.endsWith('/api/session-init')) return json({ csrfToken: 'tok' });
    if (claim && /\/api\/held-purchases\/\w+\/claim$/.test(url)) return claim(url, init);
    return Promise.reject(new Error(`unexpected call to ${url}`));
  });
  global.fetch = fetchMock as jest.Mock;
  return fetchMock;
}

const renderPage = (variant: AccountVariant = 'main', path = '/user-account?aff=x') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountPage variant={variant} />
    </MemoryRouter>,
  );

const free: PublicUser = {
  name: 'Asha',
  email: 'asha@example.com',
  googleId: 'g-1',
  isPremium: false,
  planType: 'Free user',
};
const active: PublicUser = {
  ...free,
  isPremium: true,
  planType: 'Pro Monthly',
  premiumSince: '2026-01-01T00:00:00Z',
  nextBilling: '2099-01-31T00:00:00Z',
  validTill: '2099-01-31T00:00:00Z',
  subscriptionId: 'sub_1',
};

async function openBilling() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Billing Details' }));
  return screen.getByRole('tabpanel', { name: 'Billing Details' });
}

describe('AccountPage', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    configureApi({ baseUrl: 'http://api.test' });
    configurePlatform({ supportEmail: 'help@ocr.example' });
    assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => assign.mockRestore());

  it("shows the signed-in person, 'Need Help ?' to contact, and logs out", async () => {
    api({ me: { user: free } });
    renderPage();
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Information' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Need Help ?' })).toHaveAttribute(
      'href',
      '/contact-us?aff=x',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(assign).toHaveBeenCalledWith('http://api.test/auth/logout');
  });

  it('links the support team to the inbox, and nobody else', async () => {
    api({ me: { user: { ...free, roles: ['support'] } } });
    const { unmount } = renderPage();
    expect(await screen.findByRole('link', { name: 'Support inbox' })).toHaveAttribute(
      'href',
      '/support?aff=x',
    );
    unmount();
    api({ me: { user: free } });
    renderPage();
    await screen.findByText('asha@example.com');
    expect(screen.queryByRole('link', { name: 'Support inbox' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in', async () => {
    api({ me: {} });
    renderPage();
    expect(await screen.findByText('Please log in to see your account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  describe('tabs', () => {
    it('moves between Profile Details and Billing Details with the arrow keys, Home and End', async () => {
      api({ me: { user: free } });
      const user = userEvent.setup();
      renderPage();
      const tablist = await screen.findByRole('tablist', { name: 'Account' });
      const profile = within(tablist).getByRole('tab', { name: 'Profile Details' });
      const billing = within(tablist).getByRole('tab', { name: 'Billing Details' });
      expect(profile).toHaveAttribute('aria-selected', 'true');
      expect(profile).toHaveAttribute('tabindex', '0');
      expect(billing).toHaveAttribute('tabindex', '-1');
      expect(screen.getByRole('tabpanel', { name: 'Profile Details' })).toBeInTheDocument();

      // One tab stop: Tab reaches the selected tab, the arrows do the rest.
      await user.tab();
      expect(profile).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      expect(billing).toHaveFocus();
      expect(billing).toHaveAttribute('aria-selected', 'true');
      expect(profile).toHaveAttribute('aria-selected', 'false');
      const panel = screen.getByRole('tabpanel', { name: 'Billing Details' });
      expect(billing).toHaveAttribute('aria-controls', panel.id);

      await user.keyboard('{ArrowRight}'); // wraps
      expect(profile).toHaveFocus();
      await user.keyboard('{ArrowLeft}'); // wraps back
      expect(billing).toHaveFocus();
      await user.keyboard('{Home}');
      expect(profile).toHaveFocus();
      await user.keyboard('{End}');
      expect(billing).toHaveAttribute('aria-selected', 'true');
      // Tab leaves the tab list for the panel.
      await user.tab();
      expect(screen.getByRole('tabpanel', { name: 'Billing Details' })).toHaveFocus();
    });
  });

  describe('Billing Details', () => {
    it("shows an active subscription's renewal, and opens the billing portal in a new tab", async () => {
      const fetchMock = api({
        me: { user: active },
        portal: () => json({ portalUrl: 'https://shop.example/portal/1' }),
      });
      const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
      const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      renderPage();
      const panel = await openBilling();
      expect(within(panel).getByText('Plan:').parentElement).toHaveTextContent('Plan: Pro Monthly');
      expect(within(panel).getByText('Renews at:').parentElement).toHaveTextContent(
        'Renews at: 31 Jan 2099',
      );
      expect(within(panel).queryByText('Valid till:')).not.toBeInTheDocument();
      await userEvent.click(within(panel).getByRole('button', { name: 'Manage Subscription' }));
      expect(open).toHaveBeenCalledWith('', '_blank');
      await waitFor(() => expect(tab.location.href).toBe('https://shop.example/portal/1'));
      const urls = fetchMock.mock.calls.map(([input]) =>
        input instanceof Request ? input.url : input.toString(),
      );
      expect(urls).toContainEqual(
        expect.stringContaining('/api/get-customer-portal-link?forSheetsExtension=false'),
      );
      expect(tab.opener).toBeNull();
      open.mockRestore();
    });

    it("offers 'Contact Support' in the portal's failure toast, keeping aff", async () => {
      api({ me: { user: active }, portal: () => json({ code: 'X', error: 'no' }, 502) });
      const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
      const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      render(
        <MemoryRouter initialEntries={['/user-account?aff=x']}>
          <AccountPage variant="main" />
          <ToastHost surface="main" />
        </MemoryRouter>,
      );
      const panel = await openBilling();
      await userEvent.click(within(panel).getByRole('button', { name: 'Manage Subscription' }));
      const support = await screen.findByRole('link', { name: 'Contact Support' });
      expect(support).toHaveAttribute('href', '/contact-us?aff=x');
      expect(tab.close).toHaveBeenCalled();
      open.mockRestore();
      logged.mockRestore();
    });

    it("shows a cancelled subscription's end with 'Resume Subscription'", async () => {
      api({ me: { user: { ...active, isCancelled: true } } });
      renderPage();
      const panel = await openBilling();
      expect(within(panel).getByText('Valid till:').parentElement).toHaveTextContent(
        'Valid till: 31 Jan 2099',
      );
      expect(within(panel).getByRole('button', { name: 'Resume Subscription' })).toBeVisible();
      expect(within(panel).queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    });

    it('shows Lifetime validity and no manage button', async () => {
      api({
        me: {
          user: { ...active, planType: 'Lifetime', subscriptionId: null, nextBilling: null },
        },
      });
      renderPage();
      const panel = await openBilling();
      expect(panel).toHaveTextContent('Valid till: Lifetime');
      expect(panel).toHaveTextContent('NA (Lifetime Validity)');
      expect(within(panel).queryByRole('button', { name: /Subscription/ })).toBeNull();
    });

    it("shows a trial's 'Last billed: NA' and no manage button", async () => {
      api({ me: { user: { ...active, isTrialPlan: true } } });
      renderPage();
      const panel = await openBilling();
      expect(panel).toHaveTextContent('Last billed: NA');
      expect(within(panel).queryByRole('button', { name: /Subscription/ })).toBeNull();
    });

    it('gives premium users the priority support contact, and free users the plans', async () => {
      api({ me: { user: active } });
      const { unmount } = renderPage();
      let panel = await openBilling();
      expect(within(panel).getByRole('link', { name: 'help@ocr.example' })).toHaveAttribute(
        'href',
        'mailto:help@ocr.example',
      );
      unmount();
      api({ me: { user: free } });
      renderPage();
      panel = await openBilling();
      expect(within(panel).queryByText(/Priority support/)).toBeNull();
      expect(within(panel).getByRole('link', { name: 'See the plans' })).toHaveAttribute(
        'href',
        '/pricing?aff=x',
      );
    });

    it('lists the payments with their Payment ID', async () => {
      const payment: PaymentRecord = {
        date: '2026-02-03T10:00:00Z',
        plan: 'Pro Yearly',
        amount: 999,
        currency: 'INR',
        paymentId: 'pay_ABC123',
        provider: 'razorpay',
      };
      api({ me: { user: active }, payments: () => json({ payments: [payment] }) });
      renderPage();
      const panel = await openBilling();
      const table = await within(panel).findByRole('table', { name: 'Your payments' });
      const cells = within(table)
        .getAllByRole('row')[1]
        ?.querySelectorAll('td') as NodeListOf<HTMLElement>;
      expect([...cells].map((c) => c.textContent)).toEqual([
        '3 Feb 2026',
        'Pro Yearly',
        '₹999',
        'pay_ABC123',
        'Receipt',
      ]);
      expect(within(table).getByRole('columnheader', { name: 'Payment ID' })).toBeVisible();
      // Each row links its printable receipt, named for screen readers by its payment.
      expect(
        within(table).getByRole('link', { name: 'Receipt for payment pay_ABC123' }),
      ).toHaveAttribute('href', '/receipt?aff=x&paymentId=pay_ABC123');
    });

    it('says so when there are no payments', async () => {
      api({ me: { user: free } });
      renderPage();
      const panel = await openBilling();
      expect(await within(panel).findByText('No payments yet.')).toBeVisible();
    });

    it('explains a failed payments call and retries it', async () => {
      let up = false;
      api({
        me: { user: free },
        payments: () => (up ? json({ payments: [] }) : Promise.reject(new TypeError('down'))),
      });
      renderPage();
      const panel = await openBilling();
      const alert = await within(panel).findByRole('alert');
      expect(alert).toHaveTextContent('We could not load your payments.');
      up = true;
      await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await within(panel).findByText('No payments yet.')).toBeVisible();
    });
  });

  describe('purchases held for the person’s email (issue 20)', () => {
    const heldWeekly: HeldPurchase = {
      orderId: '1044',
      provider: 'lemonsqueezy',
      product: 'pro-weekly',
      amount: 2,
      currency: 'USD',
      purchasedAt: '2026-11-20T10:00:00Z',
    };
    const claimedPayment: PaymentRecord = {
      date: '2026-11-20T10:00:00Z',
      plan: 'Pro Weekly',
      amount: 2,
      currency: 'USD',
      paymentId: 'pay_claimed1044',
      provider: 'lemonsqueezy',
    };

    it('shows nothing when none is held', async () => {
      api({ me: { user: active } });
      renderPage();
      const panel = await openBilling();
      await within(panel).findByText('No payments yet.');
      expect(within(panel).queryByRole('heading', { name: 'Purchases to claim' })).toBeNull();
    });

    it("lists them, applies one only on its 'Claim' (with the CSRF token), then shows the plan", async () => {
      let claimed = false;
      const fetchMock = api({
        me: { user: free },
        held: () => json({ purchases: claimed ? [] : [heldWeekly] }),
        payments: () => json({ payments: claimed ? [claimedPayment] : [] }),
        claim: (_url, init) => {
          claimed = true;
          expect(init?.method).toBe('POST');
          expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('tok');
          return json({ claimed: true, orderId: '1044', product: 'pro-weekly' });
        },
      });
      renderPage();
      const panel = await openBilling();
      const section = (
        await within(panel).findByRole('heading', { name: 'Purchases to claim' })
      ).closest('section') as HTMLElement;
      expect(section).toHaveTextContent('paid with your email address, asha@example.com');
      expect(section).toHaveTextContent('Pro Weekly, $2, 20 Nov 2026 (order 1044)');
      const urls = () =>
        fetchMock.mock.calls.map(([input]) =>
          input instanceof Request ? input.url : input.toString(),
        );
      const claimCalls = () => urls().filter((url) => url.includes('/claim'));
      expect(claimCalls()).toHaveLength(0);
      await userEvent.click(within(section).getByRole('button', { name: 'Claim order 1044' }));
      expect(await within(panel).findByText(CLAIMED)).toBeVisible();
      expect(claimCalls()).toEqual(['http://api.test/api/held-purchases/1044/claim']);
      expect(within(panel).queryByRole('heading', { name: 'Purchases to claim' })).toBeNull();
      // The session is read again, so the plan line follows the claim, and the payments too.
      expect(urls().filter((url) => url.endsWith('/api/me')).length).toBeGreaterThanOrEqual(2);
      expect(await within(panel).findByText('pay_claimed1044')).toBeVisible();
    });

    it('says why a claim was refused and keeps the purchase listed', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const error = 'There is no purchase to claim with that order number for your email address.';
      api({
        me: { user: free },
        held: () => json({ purchases: [{ ...heldWeekly, product: 'sub100', amount: 5 }] }),
        claim: () => json({ code: 'HELD_PURCHASE_NOT_FOUND', error }, 404),
      });
      renderPage('addon', '/sheets-extension-user-account');
      const panel = await screen.findByRole('tabpanel', { name: 'Billing Details' });
      expect(
        await within(panel).findByText('Add-on: 100 credits a month, $5, 20 Nov 2026 (order 1044)'),
      ).toBeVisible();
      await userEvent.click(within(panel).getByRole('button', { name: 'Claim order 1044' }));
      expect(await within(panel).findByText(error)).toBeVisible();
      expect(within(panel).getByRole('button', { name: 'Claim order 1044' })).toBeEnabled();
    });
  });

  describe('the add-on account', () => {
    it('opens on Billing Details with the credits, the add-on plan and the add-on help link', async () => {
      api({
        me: {
          user: {
            ...free,
            isExtPremium: true,
            extPlan: 'sub100',
            extLastBilled: '2026-01-01T00:00:00Z',
            extNextBilling: '2099-02-01T00:00:00Z',
            topUpBalance: 25,
            defaultBalance: 80,
          },
        },
      });
      renderPage('addon', '/sheets-extension-user-account?aff=x&from=sheet');
      const panel = await screen.findByRole('tabpanel', { name: 'Billing Details' });
      expect(screen.getByRole('tab', { name: 'Billing Details' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(panel).toHaveTextContent('Credits: 105');
      expect(panel).toHaveTextContent('Plan: Subscription: 100 credits a month');
      expect(panel).toHaveTextContent('Renews at: 1 Feb 2099');
      expect(within(panel).getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Need Help ?' })).toHaveAttribute(
        'href',
        '/sheets-extension-contact-us?aff=x&from=sheet',
      );
    });
  });
});
