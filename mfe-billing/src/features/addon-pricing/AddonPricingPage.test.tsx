import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { configureApi, resetSession } from 'shared-ui';
import { payments, PAYMENTS_UNAVAILABLE } from '../../common/payments';
import { addonPlansResponse, fakeApi, json } from '../../testing/billing-fixtures';
import { AddonPricingPage } from './AddonPricingPage';

const renderPage = (path = '/sheets-extension-pricing') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AddonPricingPage />
    </MemoryRouter>,
  );

const group = async (name: string) => within(await screen.findByRole('region', { name }));

const subscriber: PublicUser = {
  name: 'Asha',
  email: 'asha@example.com',
  googleId: 'g-1',
  isPremium: false,
  planType: 'Free user',
  isExtPremium: true,
  extPlan: 'sub500',
};

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
});
afterEach(() => jest.restoreAllMocks());

describe('AddonPricingPage', () => {
  it('states the 5 free credits a month and starts both groups on 100 credits', async () => {
    fakeApi({ '/api/me': {}, '/api/sheets-extension/plans': addonPlansResponse() });
    renderPage();
    expect(await screen.findByText(/5 free credits a month/)).toBeVisible();

    const subscription = await group('Monthly subscription');
    const perMonth = subscription.getByRole('group', { name: 'Credits per month' });
    expect(within(perMonth).getAllByRole('radio')).toHaveLength(3);
    expect(
      within(perMonth).getByRole('radio', { name: '100 credits for $5 a month' }),
    ).toBeChecked();
    expect(subscription.getByText('$0.05 per extraction')).toBeVisible();

    const topUp = await group('Top-up credits');
    expect(
      within(topUp.getByRole('group', { name: 'Credits' })).getByRole('radio', {
        name: '100 credits for $7',
      }),
    ).toBeChecked();
    expect(topUp.getByText('$0.07 per extraction')).toBeVisible();
  });

  it('changes the rate and the checkout option with the selection', async () => {
    fakeApi({ '/api/me': {}, '/api/sheets-extension/plans': addonPlansResponse() });
    const startCheckout = jest.spyOn(payments, 'startCheckout');
    const user = userEvent.setup();
    renderPage();

    const subscription = await group('Monthly subscription');
    await user.click(subscription.getByRole('radio', { name: '1000 credits for $25 a month' }));
    expect(subscription.getByText('$0.025 per extraction')).toBeVisible();
    await user.click(
      subscription.getByRole('button', { name: 'Subscribe to 1000 credits a month' }),
    );
    expect(startCheckout).toHaveBeenLastCalledWith(
      {
        kind: 'addon',
        option: expect.objectContaining({
          name: 'sub1000',
          checkoutLink: 'https://checkout.example/addon/sub1000',
        }) as unknown,
      },
      expect.objectContaining({ paymentsAvailable: false }),
    );
    expect(await subscription.findByText(PAYMENTS_UNAVAILABLE)).toBeVisible();

    const topUp = await group('Top-up credits');
    // The arrow keys move within a radio group, as native radios do.
    await user.click(topUp.getByRole('radio', { name: '100 credits for $7' }));
    await user.keyboard('{ArrowDown}');
    expect(topUp.getByRole('radio', { name: '500 credits for $25' })).toBeChecked();
    expect(topUp.getByText('$0.05 per extraction')).toBeVisible();
    await user.click(topUp.getByRole('button', { name: 'Buy 500 credits' }));
    expect(startCheckout).toHaveBeenLastCalledWith(
      {
        kind: 'addon',
        option: expect.objectContaining({
          name: 'topUp500',
          checkoutLink: 'https://checkout.example/addon/topUp500',
        }) as unknown,
      },
      expect.objectContaining({ paymentsAvailable: false }),
    );
  });

  it("highlights a subscriber's plan and offers Manage Subscription instead of Subscribe", async () => {
    fakeApi({
      '/api/me': { user: subscriber },
      '/api/sheets-extension/plans': addonPlansResponse(),
    });
    const user = userEvent.setup();
    renderPage();
    const subscription = await group('Monthly subscription');
    const manage = await subscription.findByRole('button', { name: 'Manage Subscription' });
    expect(
      subscription.getByRole('radio', { name: '500 credits for $15 a month (your plan)' }),
    ).toBeChecked();
    expect(subscription.getByText('$0.03 per extraction')).toBeVisible();
    expect(subscription.queryByRole('button', { name: /Subscribe/ })).toBeNull();
    const open = jest.spyOn(payments, 'openPortal').mockResolvedValue({
      status: 'started',
      message: null,
    });
    await user.click(manage);
    expect(open).toHaveBeenCalledWith({ forSheetsExtension: true });
    open.mockRestore();
  });

  it('shows the maintenance banner when opened from the extension', async () => {
    fakeApi({ '/api/me': {}, '/api/sheets-extension/plans': addonPlansResponse() });
    renderPage('/sheets-extension-pricing?source=extension');
    expect(screen.getByRole('complementary', { name: 'Scheduled maintenance' })).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Top-up credits' })).toBeVisible();
  });

  it('explains an API failure and retries', async () => {
    let up = false;
    fakeApi({
      '/api/me': {},
      '/api/sheets-extension/plans': () =>
        up ? json(addonPlansResponse()) : json({ code: 'INTERNAL', error: 'Try later.' }, 500),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the add-on plans. Try later.');
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Monthly subscription' })).toBeVisible();
  });
});
