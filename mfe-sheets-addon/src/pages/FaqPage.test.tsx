import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FAQ_ITEMS } from '../features/faq/faq-items';
import { FAQ_META, FaqPage } from './FaqPage';

const QUERY = '?aff=a&from=sheet';

function renderFaq(hash = '') {
  return render(
    <MemoryRouter initialEntries={[`/sheets-extension-faq${QUERY}${hash}`]}>
      <FaqPage />
    </MemoryRouter>,
  );
}

/** Opens the question and answers its answer's text. */
async function answerTo(question: string) {
  const button = screen.getByRole('button', { name: question });
  await userEvent.click(button);
  const answer = document.getElementById(button.getAttribute('aria-controls') ?? '');
  expect(answer).toBeVisible();
  return answer as HTMLElement;
}

describe('FaqPage', () => {
  it('has its heading and every question, as h2 disclosure buttons with their anchors', () => {
    const { container } = renderFaq();
    expect(screen.getByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      FAQ_ITEMS.map((item) => item.question),
    );
    for (const item of FAQ_ITEMS) {
      expect(container.querySelector(`#${item.id}`)).toContainElement(
        screen.getByRole('button', { name: item.question }),
      );
    }
  });

  it('gives the page its title and description', () => {
    document.head.innerHTML = '<title>Shell</title><meta name="description" content="Shell">';
    renderFaq();
    expect(document.title).toBe('FAQ | PDF to Sheets');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      FAQ_META.description,
    );
    act(() => cleanup());
    expect(document.title).toBe('Shell');
    document.head.innerHTML = '';
  });

  it('says which files it reads', async () => {
    renderFaq();
    const answer = await answerTo('Which files can it read?');
    expect(answer).toHaveTextContent(/Digital PDFs .*scanned PDFs, and images in PNG, JPEG/);
    expect(answer).toHaveTextContent(/photos taken with a phone/);
    expect(answer).toHaveTextContent(/Invoice mode also reads the vendor/);
  });

  it('explains credits: 1 per page or image, 5 free a month, failed pages given back', async () => {
    renderFaq();
    const answer = await answerTo('How do credits work?');
    expect(answer).toHaveTextContent('1 credit = 1 PDF page or 1 image.');
    expect(answer).toHaveTextContent('5 free credits per month');
    expect(answer).toHaveTextContent(
      /pages that fail, that you cancel or that are never read are given back/,
    );
    expect(within(answer).getByRole('link', { name: 'See plans and prices' })).toHaveAttribute(
      'href',
      `/sheets-extension-pricing${QUERY}`,
    );
  });

  it('gives the file size limits: 5 MB free, 30 MB paid', async () => {
    renderFaq();
    const answer = await answerTo('How large can a file be?');
    expect(answer).toHaveTextContent(/Up to 5 MB on the free plan, and up to 30 MB on paid plans/);
  });

  it('says files are never kept, and a result only until its job expires', async () => {
    renderFaq();
    const answer = await answerTo('Do you keep my files?');
    expect(answer).toHaveTextContent(/deleted when the reading ends; it is never stored/);
    expect(answer).toHaveTextContent(/kept with the reading’s job until the job expires/);
  });

  it("gives both refund statements: the add-on's 3 days for subscriptions, and 30 days", async () => {
    renderFaq();
    const answer = await answerTo('Can I get a refund?');
    expect(answer).toHaveTextContent(
      'The add-on offers a full refund within 3 days for its subscription plans only',
    );
    expect(answer).toHaveTextContent(/30-day refund also applies to the Yearly and Lifetime plans/);
    expect(within(answer).getByRole('link', { name: 'Refund policy' })).toHaveAttribute(
      'href',
      '/refund-policy?aff=a',
    );
  });

  it('tells how to install it and use it in Google Sheets, step by step', async () => {
    renderFaq();
    const install = await answerTo('How do I install the add-on?');
    expect(install).toHaveTextContent(/Google Workspace Marketplace, choose Install/);
    const use = await answerTo('How do I use it in Google Sheets?');
    expect(
      within(use)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/Extensions menu, and open PDF to Sheets: its sidebar opens/),
      expect.stringMatching(/Choose a file from your computer, or pick one from your Google Drive/),
      expect.stringMatching(/choose the pages to read, and choose tables or invoice mode/),
      expect.stringMatching(/‘Insert into sheet’: the rows go into a new sheet named after/),
    ]);
  });

  it('opens the question its anchor names', () => {
    renderFaq('#faq-refunds');
    expect(screen.getByRole('button', { name: 'Can I get a refund?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('links to the add-on contact page, carrying the query', () => {
    renderFaq();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      `/sheets-extension-contact-us${QUERY}`,
    );
  });
});
