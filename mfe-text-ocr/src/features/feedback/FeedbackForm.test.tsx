import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserNavigation, configureApi, resetSession } from 'shared-ui';
import { FeedbackForm } from './FeedbackForm';

/** Answers a held request inside act, waiting for React to apply it. */
const settle = (release: (r: Response) => void, response: Response): Promise<void> => {
  release(response);
  return Promise.resolve();
};

type Answer = Response | Error;

function api(answer: () => Answer) {
  const sent: Record<string, unknown>[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/session-init')) {
      return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' })));
    }
    if (url.endsWith('/api/me')) return Promise.resolve(new Response('{}'));
    sent.push(
      JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
    );
    const next = answer();
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  }) as jest.Mock;
  return sent;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

async function fill(u: ReturnType<typeof user>) {
  await u.selectOptions(screen.getByLabelText('Your profession'), 'accountant');
  await u.type(screen.getByLabelText('How did you find us?'), 'Search');
  await u.type(
    screen.getByLabelText('How does it help you?'),
    'Receipts <script>x()</script>typed',
  );
  await u.type(screen.getByLabelText('How can we improve?'), 'Tables');
  await u.click(screen.getByLabelText('Yes'));
}

describe('FeedbackForm (text OCR, second variant)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    configureApi({ baseUrl: 'http://api.test' });
    resetSession();
  });
  afterEach(() => jest.useRealTimers());

  it('requires profession and the three texts, with the profession list of spec §3', () => {
    api(() => json({}));
    render(<FeedbackForm onDone={jest.fn()} />);
    expect(screen.getByLabelText('Your profession')).toBeRequired();
    expect(screen.getByRole('option', { name: 'Choose your profession' })).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(19);
    for (const label of ['How did you find us?', 'How does it help you?', 'How can we improve?']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });

  it("sends sanitised texts and the trap as is, shows 'Sending...', then the server message; the popup closes after 2 s", async () => {
    let release: (r: Response) => void = () => undefined;
    const sent: Record<string, unknown>[] = [];
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/api/session-init')) return Promise.resolve(json({ csrfToken: 't' }));
      if (url.endsWith('/api/me')) return Promise.resolve(json({}));
      sent.push(
        JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
      );
      return new Promise<Response>((resolve) => (release = resolve));
    }) as jest.Mock;
    const onDone = jest.fn();
    const { container } = render(<FeedbackForm onDone={onDone} />);
    const u = user();
    await fill(u);
    const trap = container.querySelector<HTMLInputElement>('input[name="extraInfo"]');
    expect(trap).not.toBeNull();
    expect(trap?.tabIndex).toBe(-1);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      profession: 'accountant',
      howDidYouFind: 'Search',
      howDoesItHelp: 'Receipts typed',
      howCanWeImprove: 'Tables',
      canUseAsTestimonial: 'yes',
      extraInfo: '',
    });
    await act(() =>
      settle(release, json({ success: true, message: 'Thank you for your feedback!' })),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your feedback!');
    expect(screen.getByLabelText('How did you find us?')).toHaveValue('');
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('reloads the /feedback page 2 s after a success', async () => {
    api(() => json({ success: true, message: 'Thanks' }));
    const reload = jest.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    render(<FeedbackForm mode="page" onDone={jest.fn()} />);
    const u = user();
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thanks');
    act(() => jest.advanceTimersByTime(1999));
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();
  });

  it.each([
    [
      'success false with an error',
      () => json({ success: false, error: 'Please choose your profession from the list' }, 400),
      'Please choose your profession from the list',
    ],
    ['success false without one', () => json({ success: false }, 400), 'Failed to send message.'],
    [
      'a failed request with an error',
      () => json({ code: 'X', error: 'Too many messages' }, 429),
      'Too many messages',
    ],
    [
      'a network failure',
      () => new TypeError('Failed to fetch'),
      'Something went wrong. Please try again later.',
    ],
  ])('shows %s, then clears it after 4 s', async (_label, answer, text) => {
    api(answer);
    const onDone = jest.fn();
    render(<FeedbackForm onDone={onDone} />);
    const u = user();
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('How can we improve?')).toHaveValue('Tables'); // kept
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
