import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXT_OCR_PROFESSIONS, TEXT_OCR_PROFESSIONS_V1 } from 'contracts';
import { browserNavigation, configureApi, resetSession } from 'shared-ui';
import { routes, FeedbackForm as RemoteFeedbackForm } from '../../routes';
import { FeedbackForm, FeedbackPageForm } from './FeedbackForm';

// shared-ui's tests cover the forms' states; here: which variant each place of text OCR gets,
// its route and list, and the session read again after a success (the first feedback adds 5
// extractions today).
type Call = { url: string; body?: unknown };

function api() {
  const calls: Call[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/session-init')) {
      return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' })));
    }
    calls.push({
      url,
      ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}),
    });
    if (url.endsWith('/api/me')) return Promise.resolve(new Response('{}'));
    return Promise.resolve(new Response(JSON.stringify({ success: true, message: 'Thanks' })));
  }) as jest.Mock;
  return calls;
}

const professions = () =>
  screen
    .getAllByRole<HTMLOptionElement>('option')
    .slice(1)
    .map((o) => o.value);

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  resetSession();
});

describe("text OCR's feedback popup (the first variant)", () => {
  it('is the form the remote gives the shell for its feedback popup', () => {
    expect(RemoteFeedbackForm).toBe(FeedbackForm);
  });

  it('posts the rating and profession to /api/feedback, then reads the session again', async () => {
    const calls = api();
    render(<FeedbackForm onDone={jest.fn()} />);
    expect(professions()).toEqual([...TEXT_OCR_PROFESSIONS_V1]);
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.queryByText('Please select a rating')).not.toBeInTheDocument(); // profession first
    await userEvent.selectOptions(screen.getByLabelText('Your profession'), 'Journalist');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a rating');
    await userEvent.click(screen.getByRole('radio', { name: '5' }));
    await userEvent.type(screen.getByLabelText('How can we improve?'), 'Tables');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thanks');
    expect(calls[0]).toEqual({
      url: 'http://api.test/api/feedback',
      body: {
        profession: 'Journalist',
        rating: 5,
        email: '',
        howCanWeImprove: 'Tables',
        extraInfo: '',
      },
    });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('http://api.test/api/me'));
  });
});

describe('/feedback (the later variant)', () => {
  it('is the page of the /feedback route', () => {
    const page = routes.find((route) => route.path === '/feedback');
    render(<>{page?.element}</>);
    expect(screen.getByLabelText('How did you find us?')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '5' })).not.toBeInTheDocument();
  });

  it('posts to /api/text-ocr-feedback with the testimonial answer, then reads the session again', async () => {
    const calls = api();
    const reload = jest.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    render(<FeedbackPageForm />);
    expect(professions()).toEqual([...TEXT_OCR_PROFESSIONS]);
    await userEvent.selectOptions(screen.getByLabelText('Your profession'), 'librarian');
    await userEvent.type(screen.getByLabelText('How did you find us?'), 'Search');
    await userEvent.type(screen.getByLabelText('How does it help you?'), 'Old letters');
    await userEvent.type(screen.getByLabelText('How can we improve?'), 'Faster');
    await userEvent.click(screen.getByLabelText('No'));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thanks');
    expect(calls[0]).toEqual({
      url: 'http://api.test/api/text-ocr-feedback',
      body: {
        profession: 'librarian',
        howDidYouFind: 'Search',
        howDoesItHelp: 'Old letters',
        howCanWeImprove: 'Faster',
        canUseAsTestimonial: 'no',
        extraInfo: '',
      },
    });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('http://api.test/api/me'));
    reload.mockRestore();
  });
});
