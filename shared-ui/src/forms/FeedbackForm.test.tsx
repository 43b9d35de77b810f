import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADDON_PROFESSIONS, TEXT_OCR_PROFESSIONS, TEXT_OCR_PROFESSIONS_V1 } from 'contracts';
import { browserNavigation, configureApi, resetSession } from '../index';
import { FeedbackForm, professionLabel, type FeedbackFormSetup } from './FeedbackForm';

/** Answers a held request inside act, waiting for React to apply it. */
const settle = (release: (r: Response) => void, response: Response): Promise<void> => {
  release(response);
  return Promise.resolve();
};

type Answer = Response | Error;
type Sent = { url: string; body: Record<string, unknown> };

function api(answer: () => Answer | Promise<Response>) {
  const sent: Sent[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/session-init')) {
      return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' })));
    }
    if (url.endsWith('/api/me')) return Promise.resolve(new Response('{}'));
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
const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

type QuestionsSetup = Extract<FeedbackFormSetup, { askTestimonial?: boolean }>;

const TEXT_OCR: QuestionsSetup = {
  form: 'text-ocr-feedback',
  professions: TEXT_OCR_PROFESSIONS,
  askTestimonial: true,
};
const ADDON: QuestionsSetup = {
  form: 'sheets-extension-feedback',
  professions: ADDON_PROFESSIONS,
};

const LABELS = ['How did you find us?', 'How does it help you?', 'How can we improve?'] as const;

async function fill(u: ReturnType<typeof user>, setup: QuestionsSetup, skip?: string) {
  if (skip !== 'Your profession') {
    await u.selectOptions(screen.getByLabelText('Your profession'), 'accountant');
  }
  const texts: Record<(typeof LABELS)[number], string> = {
    'How did you find us?': 'Search',
    'How does it help you?': 'Receipts <script>x()</script>typed',
    'How can we improve?': 'Tables',
  };
  for (const label of LABELS) {
    if (label !== skip) await u.type(screen.getByLabelText(label), texts[label]);
  }
  if (setup.askTestimonial) await u.click(screen.getByLabelText('Yes'));
}

beforeEach(() => {
  jest.useFakeTimers();
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
});
afterEach(() => jest.useRealTimers());

describe.each([
  [
    "text OCR's form",
    TEXT_OCR,
    'http://api.test/api/text-ocr-feedback',
    { canUseAsTestimonial: 'yes' },
  ],
  ["the add-on's form", ADDON, 'http://api.test/api/sheets-extension-feedback', {}],
])('FeedbackForm, %s', (_name, setup, url, extra) => {
  it('requires profession and the three texts, with its own profession list', () => {
    api(() => json({}));
    render(<FeedbackForm {...setup} onDone={jest.fn()} />);
    expect(screen.getByLabelText('Your profession')).toBeRequired();
    expect(screen.getByRole('option', { name: 'Choose your profession' })).toHaveValue('');
    const options = screen.getAllByRole<HTMLOptionElement>('option').slice(1);
    expect(options.map((o) => o.value)).toEqual([...setup.professions]);
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeRequired();
    if (setup.askTestimonial) {
      expect(
        screen.getByRole('group', { name: 'Can we use your feedback as a testimonial?' }),
      ).toBeInTheDocument();
    } else {
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    }
  });

  it.each(['Your profession', ...LABELS])('sends nothing while %s is blank', async (skip) => {
    const sent = api(() => json({ success: true, message: 'Thanks' }));
    render(<FeedbackForm {...setup} onDone={jest.fn()} />);
    const u = user();
    await fill(u, setup, skip);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByLabelText(skip)).toBeInvalid();
    expect(screen.getByRole('button', { name: 'Send feedback' })).toBeEnabled();
    expect(sent).toHaveLength(0);
  });

  it(`posts to its route with sanitised texts and the trap as is, shows 'Sending...', then the server message; the popup closes after 2 s`, async () => {
    let release: (r: Response) => void = () => undefined;
    const sent = api(() => new Promise<Response>((resolve) => (release = resolve)));
    const onDone = jest.fn();
    const { container } = render(<FeedbackForm {...setup} onDone={onDone} />);
    const u = user();
    await fill(u, setup);
    const trap = container.querySelector<HTMLInputElement>('input[name="extraInfo"]');
    expect(trap).not.toBeNull();
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe(url);
    expect(sent[0]?.body).toEqual({
      profession: 'accountant',
      howDidYouFind: 'Search',
      howDoesItHelp: 'Receipts typed',
      howCanWeImprove: 'Tables',
      ...extra,
      extraInfo: '',
    });
    await act(() =>
      settle(release, json({ success: true, message: 'Thank you for your feedback!' })),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your feedback!');
    expect(screen.getByLabelText('Your profession')).toHaveValue('');
    expect(screen.getByLabelText('How did you find us?')).toHaveValue('');
    act(() => jest.advanceTimersByTime(1999));
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('reloads a feedback page 2 s after a success, and clears the message after 4 s', async () => {
    api(() => json({ success: true, message: 'Thanks' }));
    const reload = jest.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    const onDone = jest.fn();
    render(<FeedbackForm {...setup} mode="page" onDone={onDone} />);
    const u = user();
    await fill(u, setup);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thanks');
    act(() => jest.advanceTimersByTime(1999));
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
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
  ])('shows %s, keeps what was typed, then clears it after 4 s', async (_label, answer, text) => {
    api(answer);
    const onDone = jest.fn();
    const reload = jest.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    render(<FeedbackForm {...setup} onDone={onDone} />);
    const u = user();
    await fill(u, setup);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('How can we improve?')).toHaveValue('Tables'); // kept
    expect(screen.getByRole('button', { name: 'Send feedback' })).toBeEnabled();
    act(() => jest.advanceTimersByTime(3999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    reload.mockRestore();
  });
});

describe('FeedbackForm extras', () => {
  it('runs onSent after a success only', async () => {
    let ok = false;
    api(() => json(ok ? { success: true, message: 'Thanks' } : { success: false }, ok ? 200 : 400));
    const onSent = jest.fn();
    render(<FeedbackForm {...ADDON} onSent={onSent} onDone={jest.fn()} />);
    const u = user();
    await fill(u, ADDON);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByRole('alert');
    expect(onSent).not.toHaveBeenCalled();
    ok = true;
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thanks');
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('shows professions capitalised, acronyms in capitals', () => {
    expect(professionLabel('hr coordinator')).toBe('HR coordinator');
    expect(professionLabel('data entry professional')).toBe('Data entry professional');
    api(() => json({}));
    render(<FeedbackForm {...ADDON} onDone={jest.fn()} />);
    expect(screen.getByRole('option', { name: 'HR coordinator' })).toHaveValue('hr coordinator');
    expect(screen.getByRole('option', { name: 'Supply chain analyst' })).toBeInTheDocument();
  });
});

describe("FeedbackForm, text OCR's first variant (rating)", () => {
  const FIRST: FeedbackFormSetup = { form: 'feedback', professions: TEXT_OCR_PROFESSIONS_V1 };

  it('asks a rating from 1 to 5 and the profession (required), how to improve and an email (optional)', () => {
    api(() => json({}));
    render(<FeedbackForm {...FIRST} onDone={jest.fn()} />);
    const rating = screen.getByRole('group', { name: 'Your rating (1 to 5)' });
    expect(
      within(rating)
        .getAllByRole<HTMLInputElement>('radio')
        .map((radio) => [radio.value, radio.checked]),
    ).toEqual([
      ['1', false],
      ['2', false],
      ['3', false],
      ['4', false],
      ['5', false],
    ]);
    expect(screen.getByLabelText('Your profession')).toBeRequired();
    const options = screen.getAllByRole<HTMLOptionElement>('option').slice(1);
    expect(options.map((o) => o.value)).toEqual([...TEXT_OCR_PROFESSIONS_V1]);
    expect(screen.getByRole('option', { name: 'Corporate / Office Professional' })).toBeVisible();
    expect(screen.getByLabelText('How can we improve?')).not.toBeRequired();
    const email = screen.getByLabelText('Your email (optional)');
    expect(email).not.toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.queryByLabelText('How did you find us?')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('How does it help you?')).not.toBeInTheDocument();
  });

  it("sends nothing without a rating and says 'Please select a rating' until one is chosen", async () => {
    const sent = api(() => json({ success: true, message: 'Thanks' }));
    render(<FeedbackForm {...FIRST} onDone={jest.fn()} />);
    const u = user();
    await u.selectOptions(screen.getByLabelText('Your profession'), 'Teacher');
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a rating');
    expect(screen.getByRole('group', { name: 'Your rating (1 to 5)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).toHaveLength(0);
    await u.click(screen.getByRole('radio', { name: '4' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends nothing without a profession, even with a rating', async () => {
    const sent = api(() => json({ success: true, message: 'Thanks' }));
    render(<FeedbackForm {...FIRST} onDone={jest.fn()} />);
    const u = user();
    await u.click(screen.getByRole('radio', { name: '5' }));
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByLabelText('Your profession')).toBeInvalid();
    expect(sent).toHaveLength(0);
  });

  it('posts the rating, profession, sanitised texts and the trap to /api/feedback, then resets; the popup closes after 2 s', async () => {
    const sent = api(() => json({ success: true, message: 'Thank you for your feedback!' }));
    const onDone = jest.fn();
    render(<FeedbackForm {...FIRST} onDone={onDone} />);
    const u = user();
    await u.click(screen.getByRole('radio', { name: '4' }));
    await u.selectOptions(screen.getByLabelText('Your profession'), 'Software Developer');
    await u.type(screen.getByLabelText('How can we improve?'), 'Read <b>code</b> screenshots');
    await u.type(screen.getByLabelText('Your email (optional)'), 'dev@example.com');
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your feedback!');
    expect(sent).toEqual([
      {
        url: 'http://api.test/api/feedback',
        body: {
          profession: 'Software Developer',
          rating: 4,
          email: 'dev@example.com',
          howCanWeImprove: 'Read code screenshots',
          extraInfo: '',
        },
      },
    ]);
    expect(screen.getByRole('radio', { name: '4' })).not.toBeChecked();
    expect(screen.getByLabelText('Your profession')).toHaveValue('');
    act(() => jest.advanceTimersByTime(2000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('sends the optional texts empty when left blank', async () => {
    const sent = api(() => json({ success: true, message: 'Thanks' }));
    render(<FeedbackForm {...FIRST} onDone={jest.fn()} />);
    const u = user();
    await u.click(screen.getByRole('radio', { name: '1' }));
    await u.selectOptions(screen.getByLabelText('Your profession'), 'Other');
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thanks');
    expect(sent[0]?.body).toEqual({
      profession: 'Other',
      rating: 1,
      email: '',
      howCanWeImprove: '',
      extraInfo: '',
    });
  });
});
