import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from 'shared-ui';
import { ContactPage } from './ContactPage';

/** Answers a held request inside act, waiting for React to apply it. */
const settle = (release: (r: Response) => void, response: Response): Promise<void> => {
  release(response);
  return Promise.resolve();
};

function api(answer: () => Promise<Response>) {
  const sent: Record<string, unknown>[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/session-init')) {
      return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' })));
    }
    sent.push(
      JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
    );
    return answer();
  }) as jest.Mock;
  return sent;
}

/** Fills the form and sends it, with Jest's fake timers running. */
async function sendWithFakeTimers() {
  const u = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  await u.type(screen.getByLabelText('Name'), 'Mina');
  await u.type(screen.getByLabelText('Email'), 'mina@example.com');
  await u.type(screen.getByLabelText('Message'), 'Hello');
  await u.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactPage', () => {
  beforeEach(() => configureApi({ baseUrl: 'http://api.test' }));

  it('requires name, an email-type email and a message', () => {
    api(() => Promise.resolve(new Response('{}')));
    render(<ContactPage />);
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Message')).toBeRequired();
  });

  it("disables the button while sending, shows the server's message and resets", async () => {
    let release: (r: Response) => void = () => undefined;
    const sent = api(() => new Promise<Response>((resolve) => (release = resolve)));
    render(<ContactPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Mina <i>Park</i>');
    await userEvent.type(screen.getByLabelText('Email'), 'mina@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Page 3 is empty');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Mina Park',
      email: 'mina@example.com',
      message: 'Page 3 is empty',
      extraInfo: '',
    });
    await act(() =>
      settle(
        release,
        new Response(JSON.stringify({ success: true, message: 'Thanks for reaching out!' })),
      ),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks for reaching out!');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it.each([
    [
      'success false with an error',
      () =>
        new Response(JSON.stringify({ success: false, error: 'Please enter a valid email' }), {
          status: 400,
        }),
      'Please enter a valid email',
    ],
    [
      'success false without one',
      () => new Response(JSON.stringify({ success: false }), { status: 400 }),
      'Failed to send message.',
    ],
    [
      'a failed request with an error',
      () =>
        new Response(JSON.stringify({ code: 'X', error: 'Too many messages' }), { status: 429 }),
      'Too many messages',
    ],
    [
      'a failed request without one',
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      'Something went wrong. Please try again later.',
    ],
    [
      'a network failure',
      () => new TypeError('Failed to fetch'),
      'Something went wrong. Please try again later.',
    ],
  ])(
    'shows %s, keeps what was typed, and clears the message after 4 s',
    async (_l, answer, text) => {
      jest.useFakeTimers();
      try {
        api(() => {
          const next: Response | Error = answer();
          return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
        });
        render(<ContactPage />);
        await sendWithFakeTimers();
        expect(await screen.findByRole('alert')).toHaveTextContent(text);
        expect(screen.getByLabelText('Message')).toHaveValue('Hello');
        act(() => jest.advanceTimersByTime(3999));
        expect(screen.getByRole('alert')).toBeInTheDocument();
        act(() => jest.advanceTimersByTime(1));
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      } finally {
        jest.useRealTimers();
      }
    },
  );

  it('clears the success message after 4 s', async () => {
    jest.useFakeTimers();
    try {
      api(() =>
        Promise.resolve(new Response(JSON.stringify({ success: true, message: 'Thanks!' }))),
      );
      render(<ContactPage />);
      await sendWithFakeTimers();
      expect(await screen.findByRole('status')).toHaveTextContent('Thanks!');
      act(() => jest.advanceTimersByTime(4000));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the spam trap out of sight, out of the tab order and away from screen readers', () => {
    api(() => Promise.resolve(new Response('{}')));
    const { container } = render(<ContactPage />);
    const trap = container.querySelector<HTMLInputElement>('input[name="extraInfo"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
  });
});
