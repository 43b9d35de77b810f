import { render, screen } from '@testing-library/react';
import { LegalPage } from './LegalPage';

describe('LegalPage', () => {
  it('is an article named by its title, with the date and the sections', () => {
    render(
      <LegalPage title="Terms of Service" lastUpdated="August 31, 2025">
        <h2>1. The service</h2>
      </LegalPage>,
    );
    const article = screen.getByRole('article', { name: 'Terms of Service' });
    expect(article).toHaveTextContent('Last updated: August 31, 2025');
    expect(screen.getByRole('heading', { level: 2, name: '1. The service' })).toBeInTheDocument();
  });
});
