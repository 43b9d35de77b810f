import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { configurePlatform } from 'shared-ui';
import { RefundPolicyPage } from './RefundPolicyPage';

describe('RefundPolicyPage', () => {
  it('gives every refund rule of the spec, both differing statements, and the date', () => {
    configurePlatform({ supportEmail: 'help@ocr.example' });
    render(
      <MemoryRouter initialEntries={['/refund-policy?aff=x']}>
        <RefundPolicyPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    const page = screen.getByRole('article');
    for (const rule of [
      'Last updated: April 09, 2025',
      'within 24 hours of the purchase and have made at most 10 extractions since the upgrade',
      'duplicate payment',
      'You bought the wrong plan and have not used it.',
      '5-7 business days',
      'original payment method',
      'Payment ID',
      '30-day refund on the Yearly and Lifetime plans',
      'comment-filter browser extension',
      'full refund within 3 days for its subscription plans only',
    ]) {
      expect(page).toHaveTextContent(rule);
    }
    expect(screen.getByRole('link', { name: 'help@ocr.example' })).toHaveAttribute(
      'href',
      'mailto:help@ocr.example',
    );
    expect(screen.getByRole('link', { name: 'account page' })).toHaveAttribute(
      'href',
      '/user-account?aff=x',
    );
  });
});
