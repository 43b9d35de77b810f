import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRICE_NOTE, type PublicUser } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { configureApi, resetSession } from 'shared-ui';
import { payments, PAYMENTS_UNAVAILABLE } from '../../common/payments';
import { fakeApi, json, plansResponse } from '../../testing/billing-fixtures';
import { PricingPage } from './PricingPage';

const renderPage = (path = '/pricing') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PricingPage />
    </MemoryRouter>,
  );

const subscriber: PublicUser = {
  name: 'Asha',
  email: 'asha@example.com',
  googleId: 'g-1',
  isPremium: true,
  planType: 'Pro Yearly',
};

const card = (name: string) => screen.getByRole('listitem', { name });
/** The paragraph whose whole text starts with `start` (its currency is a span of its own). */
const paragraph = (start: RegExp) =>
  screen.getByText((_, element) => element?.tagName === 'P' && start.test(element.textContent));

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
});
afterEach(() => jest.restoreAllMocks());

describe('PricingPage', () => {
  it('shows the cards an Indian visitor gets in INR, with badges, features and the note', async () => {
    fakeApi({ '/api/me': {}, '/api/plans': plansResponse('INR') });
    renderPage();
    const cards = within(await screen.findByRole('list', { name: 'Plans' }));
    expect(cards.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Free user',
      'Pro Monthly',
      'Pro Yearly',
      'Lifetime',
    ]);
    expect(card('Pro Monthly')).toHaveTextContent('₹129 per month');
    expect(card('Pro Monthly')).toHaveTextContent('Most popular');
    expect(card('Pro Yearly')).toHaveTextContent('₹999 per year');
    expect(card('Pro Yearly')).toHaveTextContent('Best Value');
    expect(card('Pro Yearly')).toHaveTextContent('Images up to 30MB');
    expect(card('Free user')).toHaveTextContent('5 extractions per day');
    expect(screen.getByText(PRICE_NOTE)).toBeVisible();
    expect(paragraph(/^Prices in Indian rupees \(INR\)/)).toBeVisible();
    // Pro Weekly is sold through the wallet flow only.
    expect(screen.queryByRole('heading', { name: 'Pro Weekly' })).not.toBeInTheDocument();
  });

  it('shows everyone else the same cards in USD, and the lifetime offer at its price', async () => {
    fakeApi({ '/api/me': {}, '/api/plans': plansResponse('USD') });
    renderPage();
    await screen.findByRole('list', { name: 'Plans' });
    expect(card('Pro Monthly')).toHaveTextContent('$4 per month');
    expect(card('Pro Yearly')).toHaveTextContent('$33 per year');
    expect(card('Lifetime')).toHaveTextContent('$99 one-time payment');
    expect(screen.getByRole('complementary', { name: 'Lifetime offer' })).toHaveTextContent(
      'Pay once, $99',
    );
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
  });

  it("keeps the affiliate's aff on 'Pay with PayPal'", async () => {
    fakeApi({ '/api/me': {}, '/api/plans': plansResponse('USD', true) });
    renderPage('/pricing?aff=partner_1');
    await screen.findByRole('list', { name: 'Plans' });
    const wallet = within(card('Pro Yearly')).getByRole('link', { name: 'Pay with PayPal' });
    const target = new URL(wallet.getAttribute('href') ?? '', 'http://site.test');
    expect(target.pathname).toBe('/paypal-checkout');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      plan: 'pro-yearly',
      aff: 'partner_1',
    });
  });

  it('replaces the lifetime offer with a maintenance banner when opened from the extension', async () => {
    fakeApi({ '/api/me': {}, '/api/plans': plansResponse('USD') });
    renderPage('/pricing?source=extension');
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.getByRole('complementary', { name: 'Scheduled maintenance' })).toBeVisible();
    expect(screen.queryByRole('complementary', { name: 'Lifetime offer' })).toBeNull();
  });

  it("marks a subscriber's current plan", async () => {
    fakeApi({ '/api/me': { user: subscriber }, '/api/plans': plansResponse('USD') });
    renderPage();
    await screen.findByRole('list', { name: 'Plans' });
    expect(await within(card('Pro Yearly')).findByText('Current plan')).toBeVisible();
    expect(within(card('Pro Yearly')).queryByRole('button')).toBeNull();
    expect(within(card('Pro Monthly')).queryByText('Current plan')).toBeNull();
  });

  it('says plainly that payments are not available yet, through the checkout seam', async () => {
    fakeApi({ '/api/me': {}, '/api/plans': plansResponse('USD') });
    const startCheckout = jest.spyOn(payments, 'startCheckout');
    renderPage();
    await screen.findByRole('list', { name: 'Plans' });
    expect(screen.getByText(/Payments are not available yet: you can compare/)).toBeVisible();
    const monthly = within(card('Pro Monthly'));
    await userEvent.click(monthly.getByRole('button', { name: 'Buy Pro Monthly' }));
    expect(await monthly.findByText(PAYMENTS_UNAVAILABLE)).toHaveAttribute('role', 'status');
    expect(startCheckout).toHaveBeenCalledWith(
      { kind: 'plan', plan: expect.objectContaining({ code: 'pro-monthly' }) as unknown },
      expect.objectContaining({ paymentsAvailable: false }) as unknown,
    );
  });

  it('announces loading, explains an API failure and retries', async () => {
    let up = false;
    fakeApi({
      '/api/me': {},
      '/api/plans': () =>
        up ? json(plansResponse('USD')) : Promise.reject(new TypeError('Failed to fetch')),
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the plans…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the plans.');
    up = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Plans' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lays out the catalogue, invisible, until the plans come, so the page does not move', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi({
      '/api/me': {},
      '/api/plans': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the plans…');
    expect(screen.getByRole('status')).toHaveClass('visually-hidden');
    // The cards are laid out but hidden from sight and from assistive technology.
    expect(screen.queryByRole('list', { name: 'Plans' })).toBeNull();
    const laidOut = document.querySelector('ul[aria-label="Plans"]');
    expect(laidOut).toHaveAttribute('aria-hidden', 'true');
    expect(laidOut).not.toBeVisible();
    expect(laidOut?.querySelectorAll(':scope > li')).toHaveLength(4);
    // No price is shown before the visitor's own: the lifetime offer's and the currency are hidden.
    expect(screen.getByText(PRICE_NOTE)).toBeVisible();
    for (const price of screen.getAllByText('$99')) expect(price).not.toBeVisible();
    expect(screen.getByText('US dollars (USD)')).not.toBeVisible();

    await act(async () => answer(await json(plansResponse('INR'))));
    const cards = await screen.findByRole('list', { name: 'Plans' });
    expect(cards).toBeVisible();
    expect(card('Pro Monthly')).toHaveTextContent('₹129 per month');
    expect(screen.getByText('Indian rupees (INR)')).toBeVisible();
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
  });

  it('says what the API said when it answers with an error', async () => {
    fakeApi({
      '/api/me': {},
      '/api/plans': () => json({ code: 'INTERNAL', error: 'The catalogue is unavailable.' }, 503),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalogue is unavailable.');
  });
});
