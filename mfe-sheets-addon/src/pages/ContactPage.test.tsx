import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from 'shared-ui';
import { ContactPage } from './ContactPage';

type Sent = { url: string; body: Record<string, unknown> };

function api(answer: () => Response | Error) {
  const sent: Sent[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/session-init')) {
      return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' })));
    }
    sent.push({
      url,
      body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
        string,
        unknown
      >,
    });
    const next = answer();
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  }) as jest.Mock;
  return sent;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

async function send() {
  const u = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  await u.type(screen.getByLabelText('Name'), 'Noor <i>Haddad</i>');
  await u.type(screen.getByLabelText('Email'), 'noor@example.com');
  await u.type(screen.getByLabelText('Message'), 'Page 2 came out empty');
  await u.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('/sheets-extension-contact-us', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    configureApi({ baseUrl: 'http://api.test' });
  });
  afterEach(() => jest.useRealTimers());

  it('asks for name, an email-type email and a message, all required', () => {
    api(() => json({}));
    render(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Message')).toBeRequired();
    expect(screen.queryByText(/under construction/i)).not.toBeInTheDocument();
  });

  it('posts the message with the add-on surface, then shows the thanks and resets', async () => {
    const sent = api(() =>
      json({ success: true, message: "Thanks for reaching out! We'll get back to you soon." }),
    );
    render(<ContactPage />);
    await send();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: 'http://api.test/api/contact?surface=sheets-addon',
      body: {
        name: 'Noor Haddad',
        email: 'noor@example.com',
        message: 'Page 2 came out empty',
        extraInfo: '',
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Thanks for reaching out! We'll get back to you soon.",
    );
    expect(screen.getByLabelText('Message')).toHaveValue('');
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows 'Sending...' while it waits and the error when it fails, keeping the text", async () => {
    let fail: ((e: Error) => void) | undefined;
    global.fetch = jest.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/api/session-init')) return Promise.resolve(json({ csrfToken: 't' }));
      return new Promise<Response>((_resolve, reject) => (fail = reject));
    }) as jest.Mock;
    render(<ContactPage />);
    await send();
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() => expect(fail).toBeDefined());
    await act(() => {
      fail?.(new TypeError('Failed to fetch'));
      return Promise.resolve();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
    expect(screen.getByLabelText('Message')).toHaveValue('Page 2 came out empty');
  });
});
