import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

const renderPage = (page: React.ReactElement) =>
  render(<MemoryRouter initialEntries={['/?aff=x']}>{page}</MemoryRouter>);

describe('legal pages', () => {
  it.each([
    ['Terms of Service', <TermsPage key="terms" />],
    ['Privacy Policy', <PrivacyPage key="privacy" />],
  ])('%s says it was last updated July 30, 2025', (title, page) => {
    renderPage(page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated: July 30, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact-us?aff=x',
    );
  });

  it('terms cover the three products, the plans, refunds and the Google sign-in', () => {
    const { container } = renderPage(<TermsPage />);
    const text = container.textContent;
    expect(text).toMatch(/highlights positive comments/); // the comment-filter extension
    expect(text).toMatch(/spreadsheet add-on/);
    expect(text).toMatch(/5 extractions per day and images up to 5 MB/);
    expect(text).toMatch(/up to 30 MB/);
    expect(text).toMatch(/within 24 hours/);
    expect(text).toMatch(/merchant-of-record/);
    expect(text).toMatch(/Google account/);
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
      'href',
      '/refund-policy?aff=x',
    );
  });

  it('the privacy policy says what is kept and that uploaded files are not', () => {
    const { container } = renderPage(<PrivacyPage />);
    const text = container.textContent;
    expect(text).toMatch(/name, email address and account id your Google sign-in gives us/);
    expect(text).toMatch(/how many extractions you made each day/);
    expect(text).toMatch(/feedback and contact messages/);
    expect(text).toMatch(/deleted on every outcome/);
    expect(text).toMatch(/AI vision model/);
  });
});
