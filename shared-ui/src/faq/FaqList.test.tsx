import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FaqList, type FaqItem } from './FaqList';

const ITEMS: FaqItem[] = [
  { id: 'faq-one', question: 'First question?', answer: ['First answer.'] },
  {
    id: 'faq-two',
    question: 'Second question?',
    answer: ['Second answer.', { steps: ['Step A.', 'Step B.'] }],
    links: [
      { label: 'Pricing', to: '/sheets-extension-pricing' },
      { label: 'The listing', listing: true },
    ],
  },
];

function renderList(
  url = '/sheets-extension-faq?aff=a',
  headingLevel: 2 | 3 = 2,
  listingUrl = 'https://marketplace.example/app',
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <FaqList items={ITEMS} headingLevel={headingLevel} listingUrl={listingUrl} />
    </MemoryRouter>,
  );
}

describe('FaqList', () => {
  it('shows each question as a collapsed disclosure button in a heading', () => {
    renderList();
    for (const question of ['First question?', 'Second question?']) {
      const button = screen.getByRole('button', { name: question });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('heading', { level: 2, name: question })).toContainElement(button);
    }
    expect(screen.queryByText('First answer.')).not.toBeVisible();
  });

  it('uses the heading level it is given', () => {
    renderList(undefined, 3);
    expect(screen.getByRole('heading', { level: 3, name: 'First question?' })).toBeInTheDocument();
  });

  it('opens with Enter and closes with Space from the keyboard, one item at a time', async () => {
    const user = userEvent.setup();
    renderList();
    await user.tab();
    const first = screen.getByRole('button', { name: 'First question?' });
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(answer).toHaveTextContent('First answer.');
    expect(answer).toBeVisible();
    expect(screen.getByText('Second answer.')).not.toBeVisible();
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('gives each item its anchor and opens the one the URL names', () => {
    const { container } = renderList('/sheets-extension-faq#faq-two');
    expect(container.querySelector('#faq-one')).toHaveTextContent('First question?');
    expect(screen.getByRole('button', { name: 'Second question?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText('Second answer.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'First question?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('lets the person close the item the URL opened', async () => {
    renderList('/sheets-extension-faq#faq-two');
    const second = screen.getByRole('button', { name: 'Second question?' });
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows steps in order and links carrying the query, the listing in a new tab', async () => {
    renderList();
    await userEvent.click(screen.getByRole('button', { name: 'Second question?' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Step A.',
      'Step B.',
    ]);
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/sheets-extension-pricing?aff=a',
    );
    const toListing = screen.getByRole('link', { name: 'The listing (opens in a new tab)' });
    expect(toListing).toHaveAttribute('href', 'https://marketplace.example/app');
    expect(toListing).toHaveAttribute('target', '_blank');
  });

  it('leaves a listing link out when the page gives no listing', async () => {
    render(
      <MemoryRouter initialEntries={['/sheets-extension-faq']}>
        <FaqList items={ITEMS} headingLevel={2} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Second question?' }));
    expect(screen.getByRole('link', { name: 'Pricing' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /The listing/ })).not.toBeInTheDocument();
  });
});
