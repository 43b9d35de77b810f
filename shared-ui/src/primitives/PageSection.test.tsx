import { render, screen } from '@testing-library/react';
import { PageSection } from './PageSection';

describe('PageSection', () => {
  it('is a section named by its heading, centred at the content width by default', () => {
    render(
      <PageSection aria-labelledby="t">
        <h1 id="t">Contact Us</h1>
      </PageSection>,
    );
    const region = screen.getByRole('region', { name: 'Contact Us' });
    expect(region.tagName).toBe('SECTION');
    expect(region).toHaveStyle({ maxWidth: 'var(--max-content)', margin: '0 auto' });
    expect(region).toHaveStyle({ padding: 'var(--space-8) var(--space-4)' });
  });

  it.each([
    ['form', '640px'],
    ['narrow', '720px'],
    ['prose', '760px'],
    ['medium', '960px'],
  ] as const)('caps the %s width at %s', (width, maxWidth) => {
    render(<PageSection width={width} data-testid="page" />);
    expect(screen.getByTestId('page')).toHaveStyle({ maxWidth });
  });

  it('renders the element asked for, with the options it names', () => {
    render(
      <PageSection as="article" width="prose" spacing="compact" align="center" data-testid="page">
        <p>Text</p>
      </PageSection>,
    );
    const page = screen.getByTestId('page');
    expect(page.tagName).toBe('ARTICLE');
    expect(page).toHaveStyle({
      padding: 'var(--space-6) var(--space-4)',
      textAlign: 'center',
      lineHeight: '1.6',
    });
    expect(page).not.toHaveAttribute('width');
  });
});
