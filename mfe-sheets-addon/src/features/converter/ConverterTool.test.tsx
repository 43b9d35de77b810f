import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TablesJobView } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { configureApi, resetSession, type User } from 'shared-ui';
import { COPIED, COPY_REFUSED, UNREADABLE_FILE } from './useConverter';
import { ConverterTool } from './ConverterTool';
import { STALLED } from './components/JobProgress';

// The converter against a fake API at the fetch boundary: every state and string of the tool.

const USER: User = {
  name: 'Ana',
  email: 'ana@example.com',
  googleId: 'g',
  isPremium: false,
  planType: 'Free user',
  topUpBalance: 0,
  defaultBalance: 10,
};
const JOB = '0b7f6d7e-0c36-4c5b-9a57-58d6f0f5e0a1';

type Call = { method: string; path: string; body: Record<string, unknown> | null };
type Route = (call: Call) => Response | Promise<Response>;

const answer = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { status, headers });

let me: User = USER;
let calls: Call[] = [];

/** The API: session calls answered here, the table routes by `route`. */
function api(route: Route) {
  calls = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname === '/api/session-init') return Promise.resolve(answer({ csrfToken: 't' }));
    if (url.pathname === '/api/me') return Promise.resolve(answer({ user: me }));
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    const call = { method, path: url.pathname, body };
    calls.push(call);
    return Promise.resolve(route(call));
  }) as jest.Mock;
}

const view = (over: Partial<TablesJobView> = {}): TablesJobView => ({
  jobId: JOB,
  state: 'done',
  progress: { pagesDone: 2, pagesTotal: 2 },
  credits: { reserved: 2, spent: 2, refunded: 0 },
  result: {
    tables: [
      {
        page: 1,
        pages: [1],
        rows: [
          ['Item', 'Note'],
          ['Apples', '=1+1'],
        ],
        confidence: [
          [98, 97],
          [41, 95],
        ],
      },
    ],
  },
  ...over,
});

const pdf = () => new File(['%PDF-1.7 test'], 'report.pdf', { type: 'application/pdf' });
const png = (bytes = 4) => new File([new Uint8Array(bytes)], 'scan.png', { type: 'image/png' });

const renderTool = (user: User = USER) =>
  render(
    <MemoryRouter initialEntries={['/pdf-to-sheets-extension?aff=x']}>
      <ConverterTool user={user} pollIntervalMs={1} />
    </MemoryRouter>,
  );

/** Chooses the file and waits until it is read (its name shown) or refused (an alert). */
const choose = async (file: File = pdf()) => {
  await userEvent.upload(screen.getByLabelText('Choose a PDF or image'), file);
  await waitFor(() =>
    expect(screen.queryByText(file.name) ?? screen.queryByRole('alert')).not.toBeNull(),
  );
};
const convert = () => userEvent.click(screen.getByRole('button', { name: 'Convert' }));
const extractCalls = () => calls.filter((c) => c.path === '/api/sheets-extension/extract');
const announcer = () => screen.getByTestId('converter-announcer');

const revokeObjectURL = jest.fn();
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = revokeObjectURL;
});
beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
  me = USER;
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('ConverterTool', () => {
  it('idle: the intake, the credits and a Buy credits link carrying the query; nothing to convert', async () => {
    api(() => answer(view()));
    renderTool();
    expect(
      screen.getByRole('heading', { name: 'Convert a PDF or image to a spreadsheet' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a PDF or image')).toHaveAttribute(
      'accept',
      'image/*,application/pdf',
    );
    expect(screen.getByRole('region', { name: 'File to convert' })).toHaveTextContent(
      'Drop a PDF or image here, paste one from the clipboard, or choose a file.',
    );
    expect(screen.getByRole('button', { name: 'Open Camera' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Credits' })).toHaveTextContent('Your credits: 10');
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
      'href',
      '/sheets-extension-pricing?aff=x',
    );
    expect(screen.queryByRole('button', { name: 'Convert' })).not.toBeInTheDocument();
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
  });

  it('file chosen: its name, the pages and mode choices; a bad range disables Convert', async () => {
    api(() => answer(view()));
    renderTool();
    await choose();
    expect(screen.getByText('report.pdf')).toBeInTheDocument();
    expect(screen.getByText('Each PDF page or image read uses 1 credit.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All pages' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Tables' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Convert' })).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: 'A range of pages' }));
    await userEvent.clear(screen.getByLabelText('From page'));
    await userEvent.type(screen.getByLabelText('From page'), '4');
    expect(screen.getByText('The first page must not be after the last page.')).toBeInTheDocument();
    expect(screen.getByLabelText('From page')).toHaveAccessibleDescription(
      'The first page must not be after the last page.',
    );
    expect(screen.getByRole('button', { name: 'Convert' })).toBeDisabled();
  });

  it('an image is previewed and has no pages to choose; a PDF is shown by its name', async () => {
    api(() => answer(view()));
    renderTool();
    await choose(png());
    expect(await screen.findByText('scan.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of scan.png' })).toHaveAttribute(
      'src',
      'blob:file',
    );
    expect(screen.queryByRole('group', { name: 'Pages' })).not.toBeInTheDocument();
    await choose(pdf());
    expect(await screen.findByText('report.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // The image's preview URL was released when the PDF took its place.
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:file');
  });

  it('says so when the browser cannot read the chosen file', async () => {
    api(() => answer(view()));
    const read = jest.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (
      this: FileReader,
    ) {
      setTimeout(() => {
        this.dispatchEvent(new ProgressEvent('error'));
      });
    });
    renderTool();
    await choose();
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREADABLE_FILE);
    expect(screen.queryByRole('button', { name: 'Convert' })).not.toBeInTheDocument();
    read.mockRestore();
  });

  it('takes a file dropped on the zone or pasted on the page, and refuses one that is neither PDF nor image', async () => {
    api(() => answer(view()));
    renderTool();
    const zone = screen.getByRole('region', { name: 'File to convert' });
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['a,b'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.txt is not a PDF or image. Choose a PDF or image.',
    );
    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    expect(await screen.findByText('scan.png')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.assign(paste, { clipboardData: { files: [pdf()] } });
    act(() => {
      window.dispatchEvent(paste);
    });
    expect(await screen.findByText('report.pdf')).toBeInTheDocument();
  });

  it('too large: refuses a file over 5 MB for a free person without sending it; 30 MB with bought credits', async () => {
    api(() => answer(view()));
    const big = png(5 * 1024 * 1024 + 1);
    const { unmount } = renderTool();
    await choose(big);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('File is larger than the 5MB limit of your plan.');
    expect(within(alert).getByRole('link', { name: 'See plans and credits' })).toHaveAttribute(
      'href',
      '/sheets-extension-pricing?aff=x',
    );
    expect(screen.queryByRole('button', { name: 'Convert' })).not.toBeInTheDocument();
    expect(extractCalls()).toHaveLength(0);
    unmount();
    resetSession();
    me = { ...USER, topUpBalance: 100 };
    renderTool(me);
    await choose(big);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Convert' })).toBeEnabled();
  });

  it('sending: the file, its name, the page and the mode go out; announced, no second convert', async () => {
    let release: (r: Response) => void = () => undefined;
    api(() => new Promise<Response>((resolve) => (release = resolve)));
    renderTool();
    await choose();
    await userEvent.click(screen.getByRole('radio', { name: 'One page' }));
    await userEvent.clear(screen.getByLabelText('Page'));
    await userEvent.type(screen.getByLabelText('Page'), '2');
    await userEvent.click(
      screen.getByRole('radio', { name: 'Invoice (fields, line items and totals)' }),
    );
    await convert();
    await waitFor(() => expect(announcer()).toHaveTextContent('Sending the file…'));
    expect(screen.getByRole('button', { name: 'Convert' })).toBeDisabled();
    expect(screen.getByLabelText('Choose a PDF or image')).toBeDisabled();
    await waitFor(() => expect(extractCalls()).toHaveLength(1));
    const body = extractCalls()[0]?.body;
    expect(body).toMatchObject({ fileName: 'report.pdf', page: 2, mode: 'invoice' });
    expect(body?.pages).toBeUndefined();
    expect(body?.file).toBe(btoa('%PDF-1.7 test'));
    await act(async () => {
      release(answer(view()));
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeInTheDocument();
  });

  it('done: each table as a grid of editable cells, a low-confidence cell flagged and described', async () => {
    api(() => answer(view()));
    renderTool();
    await choose();
    await convert();
    const table = await screen.findByRole('table', { name: 'Table 1 (page 1)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['A', 'B']);
    const low = within(table).getByRole('textbox', { name: 'Table 1 (page 1), cell A2' });
    expect(low).toHaveValue('Apples');
    expect(low).toHaveAccessibleDescription('Low confidence (41%): please check this cell.');
    expect(low.closest('td')).toHaveTextContent('⚠');
    const sure = within(table).getByRole('textbox', { name: 'Table 1 (page 1), cell B2' });
    expect(sure).not.toHaveAccessibleDescription();
    expect(sure.closest('td')).not.toHaveTextContent('⚠');
    expect(
      screen.getByText('1 cell was read with low confidence: please check it.'),
    ).toBeInTheDocument();
    expect(announcer()).toHaveTextContent('Found 1 table.');
  });

  it('cell edit: a cell typed into in place is what the CSV download sends, named by the API', async () => {
    api((call) =>
      call.path === '/api/sheets-extension/export'
        ? new Response('csv bytes', {
            headers: { 'Content-Disposition': 'attachment; filename="report.csv"' },
          })
        : answer(view()),
    );
    renderTool();
    await choose();
    await convert();
    const cell = await screen.findByRole('textbox', { name: 'Table 1 (page 1), cell A2' });
    await userEvent.clear(cell);
    await userEvent.type(cell, 'Pears');
    expect(cell).toHaveValue('Pears');
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Downloaded report.csv.')).toBeInTheDocument();
    click.mockRestore();
    const exported = calls.find((c) => c.path === '/api/sheets-extension/export');
    expect(exported).toMatchObject({
      method: 'POST',
      body: {
        format: 'csv',
        fileName: 'report.pdf',
        tables: [
          [
            ['Item', 'Note'],
            ['Pears', '=1+1'],
          ],
        ],
        pages: [1],
      },
    });
    expect(clicked).toEqual(['report.csv']);
  });

  it('downloads XLSX through the same route, and says so when the export is refused', async () => {
    api((call) =>
      call.path === '/api/sheets-extension/export'
        ? answer({ code: 'TOO_MANY_REQUESTS', error: 'Too many requests.' }, 429)
        : answer(view()),
    );
    renderTool();
    await choose();
    await convert();
    await userEvent.click(await screen.findByRole('button', { name: 'Download XLSX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(calls.find((c) => c.path === '/api/sheets-extension/export')?.body).toMatchObject({
      format: 'xlsx',
    });
  });

  it('copy: the tables as tab-separated text with formulas neutralised; a refusal is said', async () => {
    api(() => answer(view()));
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTool();
    await choose();
    await convert();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Copy as tab-separated text' }),
    );
    expect(writeText).toHaveBeenCalledWith("Item\tNote\r\nApples\t'=1+1");
    expect(await screen.findByText(COPIED)).toBeInTheDocument();
    writeText.mockImplementation(() => Promise.reject(new Error('NotAllowedError')));
    await userEvent.click(screen.getByRole('button', { name: 'Copy as tab-separated text' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COPY_REFUSED);
  });

  it('credits before and after: the session is read again once the job ends', async () => {
    api(() => answer(view()));
    renderTool();
    await screen.findByText('Your credits:', { exact: false });
    await choose();
    me = { ...USER, defaultBalance: 8 };
    await convert();
    const credits = screen.getByRole('group', { name: 'Credits' });
    await waitFor(() => expect(credits).toHaveTextContent('Credits before: 10 · after: 8'));
    expect(credits).toHaveTextContent('Spent 2 credits (1 credit a page).');
  });

  it('job progress: a long file polls its job, shows pages read as a progress bar, and cancels', async () => {
    let polls = 0;
    api((call) => {
      if (call.method === 'POST') return answer({ jobId: JOB }, 202);
      if (call.method === 'DELETE') {
        return answer(
          view({
            state: 'cancelled',
            progress: { pagesDone: 1, pagesTotal: 3 },
            credits: { reserved: 3, spent: 1, refunded: 2 },
            result: undefined,
          }),
        );
      }
      polls += 1;
      return answer(
        view({
          state: 'running',
          progress: { pagesDone: 1, pagesTotal: 3 },
          credits: { reserved: 3, spent: 1, refunded: 0 },
          result: undefined,
        }),
      );
    });
    renderTool();
    await choose();
    await convert();
    const bar = await screen.findByRole('progressbar', { name: 'Pages read' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'));
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 3 pages read');
    expect(announcer()).toHaveTextContent('1 of 3 pages read');
    expect(screen.getByRole('group', { name: 'Credits' })).toHaveTextContent(
      'Spent so far: 1 credit (1 credit a page).',
    );
    expect(calls.some((c) => c.path === `/api/sheets-extension/jobs/${JOB}`)).toBe(true);
    expect(polls).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Cancelled: the pages not read were not charged.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: `/api/sheets-extension/jobs/${JOB}`, body: null },
    ]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Credits' })).toHaveTextContent(
      'Spent 1 credit (1 credit a page), 2 credits given back.',
    );
    const after = polls;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(polls).toBe(after);
  });

  it('while a job runs, a file pasted, dropped or refused changes nothing: the job keeps its progress and Cancel', async () => {
    api((call) =>
      call.method === 'POST'
        ? answer({ jobId: JOB }, 202)
        : answer(
            view({
              state: 'running',
              progress: { pagesDone: 1, pagesTotal: 3 },
              result: undefined,
            }),
          ),
    );
    renderTool();
    await choose();
    await convert();
    const bar = await screen.findByRole('progressbar', { name: 'Pages read' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'));
    expect(screen.getByLabelText('Choose a PDF or image')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Open Camera' })).toBeDisabled();
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.assign(paste, { clipboardData: { files: [png()] } });
    act(() => {
      window.dispatchEvent(paste);
    });
    const zone = screen.getByRole('region', { name: 'File to convert' });
    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['a'], 'notes.txt', { type: 'text/plain' })] },
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('scan.png')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('report.pdf')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Pages read' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('a long file that finishes shows its tables after the polls', async () => {
    let polls = 0;
    api((call) => {
      if (call.method === 'POST') return answer({ jobId: JOB }, 202);
      polls += 1;
      return answer(
        polls < 2
          ? view({ state: 'running', progress: { pagesDone: 1, pagesTotal: 2 }, result: undefined })
          : view(),
      );
    });
    renderTool();
    await choose();
    await convert();
    expect(await screen.findByRole('table', { name: 'Table 1 (page 1)' })).toBeInTheDocument();
    expect(polls).toBe(2);
  });

  it('a long file rides out a missed poll; after three in a row it stops asking but keeps Check again and Cancel', async () => {
    let polls = 0;
    let failing = () => polls === 1;
    api((call) => {
      if (call.method === 'POST') return answer({ jobId: JOB }, 202);
      polls += 1;
      if (failing()) return Promise.reject(new TypeError('Failed to fetch'));
      return answer(polls < 3 ? view({ state: 'running', result: undefined }) : view());
    });
    const { unmount } = renderTool();
    await choose();
    await convert();
    expect(await screen.findByRole('table', { name: 'Table 1 (page 1)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();
    polls = 0;
    failing = () => true;
    renderTool();
    await choose();
    await convert();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server is unreachable. Please try again later.',
    );
    expect(polls).toBe(3);
    expect(screen.getByText(STALLED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // The job is still out: no new conversion, no new file, and no more polls.
    expect(screen.getByRole('button', { name: 'Convert' })).toBeDisabled();
    expect(screen.getByLabelText('Choose a PDF or image')).toBeDisabled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(polls).toBe(3);

    // Check again: the job is asked for once more, and its tables come.
    failing = () => false;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('table', { name: 'Table 1 (page 1)' })).toBeInTheDocument();
    expect(polls).toBe(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  });

  it('a stalled job can still be cancelled; a cancel that fails is said and Cancel stays offered', async () => {
    let deleteAnswer: () => Response | Promise<Response> = () =>
      answer({ code: 'TOO_MANY_REQUESTS', error: 'Too many requests.' }, 429, {
        'Retry-After': '30',
      });
    let polls = 0;
    api((call) => {
      if (call.method === 'POST') return answer({ jobId: JOB }, 202);
      if (call.method === 'DELETE') return deleteAnswer();
      polls += 1;
      return answer({ code: 'ENGINE_BUSY', error: 'The server is busy.' }, 503);
    });
    renderTool();
    await choose();
    await convert();
    await screen.findByRole('button', { name: 'Check again' });
    expect(polls).toBe(3);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many requests.Please try again in 30 seconds.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();

    deleteAnswer = () =>
      answer(
        view({
          state: 'cancelled',
          progress: { pagesDone: 0, pagesTotal: 2 },
          credits: { reserved: 2, spent: 0, refunded: 2 },
          result: undefined,
        }),
      );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Cancelled: the pages not read were not charged.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Convert' })).toBeEnabled();
  });

  it('invoice: the fields as a labelled list, the line items as a grid, and a totals mismatch reported', async () => {
    const items = {
      page: 1,
      pages: [1],
      rows: [
        ['Description', 'Amount'],
        ['Widget', '$20.00'],
      ],
    };
    api(() =>
      answer(
        view({
          result: {
            tables: [items],
            invoice: {
              fields: {
                vendor: 'ACME Ltd',
                invoiceNumber: 'INV-7',
                invoiceDate: '2025-03-03',
                currency: 'USD',
                subtotal: '$25.50',
                tax: null,
                total: '$25.50',
                amountDue: '$25.50',
              },
              lineItems: items,
              check: {
                ok: false,
                lineItemsSum: '$20.00',
                problems: ['The line items add up to $20.00, not the subtotal $25.50.'],
              },
            },
          },
        }),
      ),
    );
    renderTool();
    await choose();
    await userEvent.click(
      screen.getByRole('radio', { name: 'Invoice (fields, line items and totals)' }),
    );
    await convert();
    const list = await screen.findByLabelText('Invoice fields');
    expect(list).toHaveTextContent('VendorACME Ltd');
    expect(list).toHaveTextContent('Invoice numberINV-7');
    expect(list).toHaveTextContent('TaxNot found');
    const grid = screen.getByRole('table', { name: 'Line items' });
    expect(within(grid).getByRole('textbox', { name: 'Line items, cell B2' })).toHaveValue(
      '$20.00',
    );
    const check = screen.getByTestId('totals-check');
    expect(check).toHaveTextContent('✗ Totals check: the totals do not match.');
    expect(check).toHaveTextContent('The line items add up to $20.00, not the subtotal $25.50.');
    // The line items are not shown twice.
    expect(screen.queryByRole('table', { name: 'Table 1 (page 1)' })).not.toBeInTheDocument();
    expect(announcer()).toHaveTextContent('The invoice was read.');
  });

  it.each([
    [401, { code: 'SIGN_IN_REQUIRED', error: 'Please log in to use this.' }, {}, 'Log in again'],
    [
      402,
      {
        code: 'NOT_ENOUGH_CREDITS',
        error: 'You have no add-on credits left. Buy a top-up or subscribe for more.',
      },
      {},
      'Buy credits to read more pages',
    ],
    [
      413,
      { code: 'IMAGE_SIZE_EXCEED', error: 'File is larger than the 5MB limit of your plan.' },
      {},
      'See plans and credits',
    ],
    [415, { code: 'UNSUPPORTED_FILE', error: 'This file type is not supported.' }, {}, null],
    [
      429,
      { code: 'TOO_MANY_REQUESTS', error: 'Too many requests.' },
      { 'Retry-After': '30' },
      'Please try again in 30 seconds.',
    ],
    [
      503,
      {
        code: 'ENGINE_BUSY',
        error: 'The text reader is busy right now. Please try again in a few seconds.',
      },
      { 'Retry-After': '5' },
      'Please try again in 5 seconds.',
    ],
    [500, {}, {}, null],
  ])('shows a %i answer clearly', async (status, body, headers, extra) => {
    api(() => answer(body, status, headers));
    renderTool();
    await choose();
    await convert();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'error' in body ? body.error : 'Something went wrong, please try again',
    );
    if (extra) expect(alert).toHaveTextContent(extra);
    if (status === 402) {
      expect(within(alert).getByRole('link', { name: extra ?? '' })).toHaveAttribute(
        'href',
        '/sheets-extension-pricing?aff=x',
      );
    }
    if (status === 401) {
      expect(within(alert).getByRole('button', { name: 'Log in again' })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Convert' })).toBeEnabled();
  });

  it('shows a network failure and being offline clearly', async () => {
    api(() => Promise.reject(new TypeError('Failed to fetch')));
    renderTool();
    await choose();
    await convert();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server is unreachable. Please try again later.',
    );
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await convert();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Please connect to a network and try again',
      ),
    );
  });

  describe('camera (a phone photo of an invoice)', () => {
    const stop = jest.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    const camera = (getUserMedia: jest.Mock) =>
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia },
        configurable: true,
      });
    beforeAll(() => {
      HTMLMediaElement.prototype.play = jest.fn(() => Promise.resolve());
      HTMLCanvasElement.prototype.getContext = jest.fn(() => ({ drawImage: jest.fn() })) as never;
      HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
        callback(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
      };
    });

    it('a capture becomes the file converted, named photo.png; leaving the page stops the camera', async () => {
      camera(jest.fn().mockResolvedValue(stream));
      api(() => answer(view()));
      const { unmount } = renderTool();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      expect(await screen.findByLabelText('Camera preview')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Capture Photo' }));
      expect(await screen.findByRole('img', { name: 'Preview of photo.png' })).toBeInTheDocument();
      expect(stop).toHaveBeenCalled();
      expect(screen.queryByLabelText('Camera preview')).not.toBeInTheDocument();
      await convert();
      await screen.findByRole('heading', { name: 'Results' });
      expect(extractCalls()[0]?.body).toMatchObject({
        fileName: 'photo.png',
        file: btoa(String.fromCharCode(137, 80, 78, 71)),
        mode: 'tables',
      });
      stop.mockClear();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      await screen.findByLabelText('Camera preview');
      unmount();
      expect(stop).toHaveBeenCalled();
    });

    it('says so when no camera opens', async () => {
      camera(jest.fn().mockRejectedValue(new Error('NotAllowedError')));
      api(() => answer(view()));
      renderTool();
      await userEvent.click(screen.getByRole('button', { name: 'Open Camera' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The camera could not be opened. Check the permission and try again.',
      );
    });
  });

  it('a job that fails shows its error', async () => {
    api(() =>
      answer(
        view({
          state: 'failed',
          result: undefined,
          error: {
            code: 'ENGINE_TIMEOUT',
            error: 'Reading this file took too long and was stopped.',
          },
        }),
      ),
    );
    renderTool();
    await choose();
    await convert();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Reading this file took too long and was stopped.',
    );
  });
});
