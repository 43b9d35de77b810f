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
});
