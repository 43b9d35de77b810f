import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  configureApi,
  configurePlatform,
  resetSession,
  setAnalyticsSink,
  type AnalyticsEvent,
} from 'shared-ui';
import { fakeApi } from '../../testing/billing-fixtures';
import { PaymentSuccessPage } from './PaymentSuccessPage';

const renderPage = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PaymentSuccessPage />
    </MemoryRouter>,
  );

const asha = { name: 'Asha', email: 'asha@example.com', planType: 'Pro Yearly', isPremium: true };

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  configurePlatform({ supportEmail: 'help@ocr.example' });
  resetSession();
});

describe('PaymentSuccessPage', () => {
  it('names the plan bought and thanks the user by name, with the support contact', async () => {
    fakeApi({ '/api/me': { user: asha } });
    renderPage('/payment-success?plan=pro-yearly');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    expect(await screen.findByText('Thank you, Asha!')).toBeVisible();
    expect(screen.getByText('Pro Yearly').parentElement).toHaveTextContent(
      'You bought the Pro Yearly plan.',
    );
    expect(screen.getByRole('link', { name: 'help@ocr.example' })).toHaveAttribute(
      'href',
      'mailto:help@ocr.example',
    );
  });

  it.each([
    ['pro-weekly', 'Pro Weekly'],
    ['pro-monthly', 'Pro Monthly'],
    ['lifetime', 'Lifetime'],
  ])('names %s as %s', async (code, plan) => {
    fakeApi({ '/api/me': {} });
    renderPage(`/payment-success?plan=${code}`);
    expect(screen.getByText(plan)).toBeVisible();
    expect(await screen.findByText('Thank you!')).toBeVisible();
  });

  it('thanks by e-mail when the user has no name, and plainly when signed out', async () => {
    fakeApi({ '/api/me': { user: { ...asha, name: '' } } });
    const { unmount } = renderPage('/payment-success?plan=lifetime');
    expect(await screen.findByText('Thank you, asha@example.com!')).toBeVisible();
    unmount();
    resetSession();
    fakeApi({ '/api/me': {} });
    renderPage('/payment-success?plan=lifetime');
    expect(await screen.findByText('Thank you!')).toBeVisible();
  });

  it.each(['/payment-success?plan=platinum', '/payment-success'])(
    'does not claim a plan for %s, and points to the account and support',
    (path) => {
      fakeApi({ '/api/me': {} });
      renderPage(path);
      expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
      expect(screen.queryByText('Payment Successful')).toBeNull();
      expect(screen.getByText('This link does not say which plan was bought.')).toBeVisible();
      expect(screen.getByRole('link', { name: 'account page' })).toHaveAttribute(
        'href',
        '/user-account',
      );
      expect(screen.getByRole('link', { name: 'help@ocr.example' })).toBeVisible();
    },
  );

  it("sends the analytics 'purchase' event with the plan bought, and none for an unknown plan", async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => events.push(event));
    fakeApi({ '/api/me': { user: asha } });
    const { unmount } = renderPage('/payment-success?plan=pro-yearly');
    await screen.findByText('Thank you, Asha!');
    expect(events.filter((e) => e.event === 'purchase')).toEqual([
      expect.objectContaining({ event: 'purchase', props: { plan: 'pro-yearly' } }),
    ]);
    unmount();
    events.length = 0;
    renderPage('/payment-success?plan=gold');
    await screen.findByText('This link does not say which plan was bought.');
    expect(events).toEqual([]);
  });
});
