import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';

const renderPage = (page: React.ReactElement) =>
  render(<MemoryRouter initialEntries={['/?aff=x']}>{page}</MemoryRouter>);

describe("the add-on's legal pages", () => {
  it.each([
    ['Terms of Service', <TermsPage key="terms" />],
    ['Privacy Policy', <PrivacyPage key="privacy" />],
  ])('%s: last updated August 31, 2025, with the add-on contact page', (title, page) => {
    renderPage(page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated: August 31, 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/sheets-extension-contact-us?aff=x',
    );
  });

  it('terms state the credits, the size limits and both refund statements', () => {
    const { container } = renderPage(<TermsPage />);
    const text = container.textContent;
    expect(text).toMatch(/tables\s+and invoices from PDFs and images/);
    expect(text).toMatch(/1 credit = 1 PDF page or 1 image/);
    expect(text).toMatch(/5 free credits per month/);
    expect(text).toMatch(/Pages that fail, that you cancel, or that are not read are given back/);
    expect(text).toMatch(/30 MB with a paid plan or bought credits, 5 MB otherwise/);
    expect(text).toMatch(/full refund within 3 days of purchase for subscription plans only/);
    expect(text).toMatch(/Yearly and Lifetime plans .*may be refunded within 30 days/);
    expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
      'href',
      '/refund-policy?aff=x',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/sheets-extension-privacy-policy?aff=x',
    );
  });

  it('the privacy policy says what is sent, that files are never kept, and how long results are', () => {
    const { container } = renderPage(<PrivacyPage />);
    const text = container.textContent;
    expect(text).toMatch(/The file you choose \(a PDF or an image\)/);
    expect(text).toMatch(/The pages you chose and the mode: tables or invoice/);
    expect(text).toMatch(/Google ID token.*email\s+address and account id/s);
    expect(screen.getByRole('heading', { name: 'What we never keep' })).toBeInTheDocument();
    expect(text).toMatch(/deleted when the job ends: finished, failed\s+or cancelled/);
    expect(text).toMatch(/the tables read from it.*deleted when the\s+job expires, one hour/s);
    expect(text).toMatch(/your credits/);
    expect(text).toMatch(/feedback and contact messages/);
  });
});
