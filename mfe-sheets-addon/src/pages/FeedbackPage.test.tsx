import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADDON_PROFESSIONS } from 'contracts';
import { browserNavigation, configureApi } from 'shared-ui';
import { FeedbackPage } from './FeedbackPage';

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
const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

async function fill(u: ReturnType<typeof user>, profession = 'procurement specialist') {
  if (profession) await u.selectOptions(screen.getByLabelText('Your profession'), profession);
  await u.type(screen.getByLabelText('How did you find us?'), 'Marketplace');
  await u.type(screen.getByLabelText('How does it help you?'), 'Invoices <b>into</b> sheets');
  await u.type(screen.getByLabelText('How can we improve?'), 'More currencies');
}

let reload: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  configureApi({ baseUrl: 'http://api.test' });
  reload = jest.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  reload.mockRestore();
  jest.useRealTimers();
});

describe('/sheets-extension-feedback', () => {
  it("offers the add-on's professions, no blank choice, and no testimonial question", () => {
    api(() => json({}));
    render(<FeedbackPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument();
    const options = screen.getAllByRole<HTMLOptionElement>('option');
    expect(options[0]).toHaveTextContent('Choose your profession');
    expect(options.slice(1).map((o) => o.value)).toEqual([...ADDON_PROFESSIONS]);
    expect(screen.getByRole('option', { name: 'HR coordinator' })).toBeInTheDocument();
    expect(screen.queryByText(/testimonial/)).not.toBeInTheDocument();
    expect(screen.queryByText(/under construction/i)).not.toBeInTheDocument();
  });

  it('refuses a blank profession: nothing is sent', async () => {
    const sent = api(() => json({ success: true, message: 'Thanks' }));
    render(<FeedbackPage />);
    const u = user();
    await fill(u, '');
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByLabelText('Your profession')).toBeInvalid();
    expect(sent).toHaveLength(0);
  });

  it('posts the add-on form to /api/sheets-extension-feedback and reloads the page 2 s after the thanks', async () => {
    const sent = api(() => json({ success: true, message: 'Thank you for your feedback!' }));
    const { container } = render(<FeedbackPage />);
    const u = user();
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: 'http://api.test/api/sheets-extension-feedback',
      body: {
        profession: 'procurement specialist',
        howDidYouFind: 'Marketplace',
        howDoesItHelp: 'Invoices into sheets',
        howCanWeImprove: 'More currencies',
        extraInfo: '',
      },
    });
    expect(container.querySelector('input[name="extraInfo"]')).toHaveValue('');
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your feedback!');
    act(() => jest.advanceTimersByTime(1999));
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays on the page with the error when the server refuses', async () => {
    api(() => json({ success: false, error: 'howCanWeImprove is required' }, 400));
    render(<FeedbackPage />);
    const u = user();
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('howCanWeImprove is required');
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
