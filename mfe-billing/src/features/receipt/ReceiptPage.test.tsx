import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentReceipt } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { configureApi, configurePlatform, resetSession } from 'shared-ui';
import { fakeApi } from '../../testing/billing-fixtures';
import { ReceiptPage } from './ReceiptPage';

const asha = { name: 'Asha', email: 'asha@example.com', planType: 'Pro Monthly', isPremium: true };
const RECEIPT_PATH = '/api/billing/payments/pay_123/receipt';

const receipt: PaymentReceipt = {
  paymentId: 'pay_123',
  date: '2026-11-20T10:00:00.000Z',
  plan: 'Pro Monthly',
  amount: 129,
  currency: 'INR',
  provider: 'razorpay',
  buyer: { name: 'Asha', email: 'asha@example.com' },
  seller: {
    name: 'Example Seller Ltd',
    address: '1 Example Street\nExample City',
    taxId: 'GSTIN-1',
    email: 'billing@seller.example',
  },
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

const renderPage = (path = '/receipt?paymentId=pay_123&aff=x') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ReceiptPage />
    </MemoryRouter>,
  );

/** The value next to a term of the receipt's description lists (the first such term). */
const valueOf = (term: string) => {
  const dt = within(screen.getByRole('article', { name: 'Receipt' })).getAllByText(term, {
    selector: 'dt',
  })[0];
  return dt?.nextElementSibling?.textContent;
};

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  configurePlatform({ supportEmail: 'help@ocr.example' });
  resetSession();
});

describe('ReceiptPage', () => {
  it('shows the payment, the buyer and the seller', async () => {
    fakeApi({ '/api/me': { user: asha }, [RECEIPT_PATH]: { receipt } });
    renderPage();
    await screen.findByRole('article', { name: 'Receipt' });
    expect(screen.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    expect(valueOf('Payment ID')).toBe('pay_123');
    expect(valueOf('Date')).toBe('20 Nov 2026');
    expect(valueOf('Plan')).toBe('Pro Monthly');
    expect(valueOf('Amount')).toBe('₹129');
    expect(valueOf('Currency')).toBe('INR');
    expect(valueOf('Paid with')).toBe('Card (Razorpay)');
    expect(valueOf('Address')).toBe('1 Example Street\nExample City');
    expect(valueOf('Tax ID')).toBe('GSTIN-1');
    const article = screen.getByRole('article', { name: 'Receipt' });
    expect(article).toHaveTextContent('Example Seller Ltd');
    expect(article).toHaveTextContent('billing@seller.example');
    expect(article).toHaveTextContent('asha@example.com');
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute(
      'href',
      '/user-account?aff=x',
    );
  });

  it('prints with the Print button, reachable from the keyboard', async () => {
    fakeApi({ '/api/me': { user: asha }, [RECEIPT_PATH]: { receipt } });
    const print = jest.fn();
    window.print = print;
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Print' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says not found for an unknown payment or another person’s (404)', async () => {
    fakeApi({
      '/api/me': { user: asha },
      [RECEIPT_PATH]: () => json({ code: 'PAYMENT_NOT_FOUND', error: 'nope' }, 404),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Receipt not found' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There is no such payment on your account.',
    );
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('says not found without a payment id, asking the API nothing', async () => {
    const fetchMock = fakeApi({ '/api/me': { user: asha } });
    renderPage('/receipt');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Receipt not found' }),
    ).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('announces loading, then offers Retry when the API fails', async () => {
    let fail = true;
    fakeApi({
      '/api/me': { user: asha },
      [RECEIPT_PATH]: () => (fail ? json({ error: 'Down.' }, 503) : json({ receipt })),
    });
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent(/Loading/);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the receipt.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Receipt' })).toBeVisible();
  });

  it('asks a visitor to log in', async () => {
    fakeApi({ '/api/me': {} });
    renderPage();
    expect(await screen.findByText('Please log in to see your receipt.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
