import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { configureApi, resetSession } from 'shared-ui';
import { SupportInboxPage } from './SupportInboxPage';
import type { InboxMessage } from './support-api';

const message = (id: string, patch: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  kind: 'contact',
  surface: 'text-ocr',
  form: 'contact',
  fields: { name: 'Mina Park', email: 'mina@example.com', message: 'Page 3 came out empty' },
  userId: null,
  userEmail: null,
  userAgent: 'test',
  handled: false,
  handledAt: null,
  handledBy: null,
  createdAt: '2026-11-20T10:30:00.000Z',
  ...patch,
});

type Call = { url: URL; method: string; body: unknown };

function serve(
  user: unknown,
  handlers: { list?: (url: URL) => Response; patch?: (id: string, body: unknown) => Response } = {},
) {
  const calls: Call[] = [];
  resetSession();
  configureApi({ baseUrl: 'http://api.test' });
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body });
    const json = (value: unknown, status = 200) =>
      Promise.resolve(new Response(JSON.stringify(value), { status }));
    if (url.pathname === '/api/me') return json(user ? { user } : {});
    if (url.pathname === '/api/session-init') return json({ csrfToken: 'token' });
    if (url.pathname === '/api/support/messages' && method === 'GET') {
      return Promise.resolve(
        handlers.list?.(url) ?? new Response(JSON.stringify({ messages: [], nextCursor: null })),
      );
    }
    const patched = /^\/api\/support\/messages\/(.+)$/.exec(url.pathname);
    if (patched && method === 'PATCH') {
      return Promise.resolve(
        handlers.patch?.(patched[1] ?? '', body) ?? new Response('{}', { status: 500 }),
      );
    }
    return json({ code: 'NOT_FOUND', error: 'Not found' }, 404);
  }) as jest.Mock;
  return calls;
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/support']}>
      <SupportInboxPage />
    </MemoryRouter>,
  );

const SUPPORT = {
  name: 'Sam',
  email: 'sam@example.com',
  planType: 'Free user',
  roles: ['support'],
};

describe('SupportInboxPage', () => {
  it('asks visitors to log in and tells others the page is for the support team', async () => {
    serve(null);
    const { unmount } = renderPage();
    expect(await screen.findByText('Please log in to see the support inbox.')).toBeInTheDocument();
    unmount();

    const calls = serve({ ...SUPPORT, roles: [] });
    renderPage();
    expect(await screen.findByText('Only the support team can see this page.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/support'))).toBe(false);
  });

  it('lists messages with their sender, surface and fields', async () => {
    serve(SUPPORT, {
      list: () =>
        new Response(
          JSON.stringify({
            messages: [
              message('b'),
              message('a', {
                kind: 'feedback',
                form: 'sheets-extension-feedback',
                surface: 'sheets-addon',
                fields: { profession: 'accountant', howCanWeImprove: 'More columns' },
                userEmail: 'lena@example.com',
                handled: true,
                handledBy: 'sam@example.com',
              }),
            ],
            nextCursor: null,
          }),
        ),
    });
    renderPage();
    const first = await screen.findByRole('article', {
      name: 'Contact message from Mina Park <mina@example.com>',
    });
    expect(within(first).getByText('Page 3 came out empty')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toBeInTheDocument();
    const second = screen.getByRole('article', {
      name: 'Add-on feedback from lena@example.com',
    });
    expect(
      within(second).getByText(/Spreadsheet add-on · signed in as lena@example.com/),
    ).toBeInTheDocument();
    expect(within(second).getByText('Handled by sam@example.com')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Mark as open' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('sends the search and filters to the API', async () => {
    const calls = serve(SUPPORT);
    renderPage();
    expect(await screen.findByText('No messages match.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Surface'), 'sheets-addon');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'contact');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'false');
    await userEvent.type(screen.getByLabelText('Search messages'), 'billing');
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/api/support/messages').at(-1);
      expect(last?.url.search).toBe('?q=billing&surface=sheets-addon&kind=contact&handled=false');
    });
  });

  it('marks a message handled with a CSRF-protected PATCH, and shows a refusal', async () => {
    const calls = serve(SUPPORT, {
      list: () => new Response(JSON.stringify({ messages: [message('m1')], nextCursor: null })),
      patch: (id) =>
        id === 'm1'
          ? new Response(
              JSON.stringify({
                message: message('m1', { handled: true, handledBy: 'sam@example.com' }),
              }),
            )
          : new Response('{}', { status: 404 }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as handled' }));
    expect(await screen.findByText('Handled by sam@example.com')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ handled: true });
    const sent = (global.fetch as jest.Mock).mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PATCH',
    ) as [string, RequestInit];
    expect(new Headers(sent[1].headers).get('X-CSRF-Token')).toBe('token');

    (global.fetch as jest.Mock).mockImplementation(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ code: 'FORBIDDEN', error: 'Only the support team can see this.' }),
          {
            status: 403,
          },
        ),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark as open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the support team can see this.',
    );
  });

  it('loads the next page with the cursor', async () => {
    const calls = serve(SUPPORT, {
      list: (url) =>
        url.searchParams.get('before') === 'cursor-1'
          ? new Response(
              JSON.stringify({
                messages: [
                  message('older', {
                    fields: { name: 'Old', email: 'o@example.com', message: 'x' },
                  }),
                ],
                nextCursor: null,
              }),
            )
          : new Response(JSON.stringify({ messages: [message('newer')], nextCursor: 'cursor-1' })),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(
      await screen.findByRole('article', { name: 'Contact message from Old <o@example.com>' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.searchParams.get('before') === 'cursor-1')).toHaveLength(1);
  });
});
