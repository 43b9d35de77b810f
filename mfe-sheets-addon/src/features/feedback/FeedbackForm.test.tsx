import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserNavigation, configureApi } from 'shared-ui';
import { FeedbackForm } from './FeedbackForm';

/** Answers a held request inside act, waiting for React to apply it. */
const settle = (release: (r: Response) => void, response: Response): Promise<void> => {
  release(response);
  return Promise.resolve();
};

describe("the add-on footer's 'Feedback ?' popup", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    configureApi({ baseUrl: 'http://api.test' });
  });
  afterEach(() => jest.useRealTimers());

  it("posts the add-on's feedback form, shows 'Sending...', and closes 2 s after the thanks", async () => {
    let release: (r: Response) => void = () => undefined;
    const sent: { url: string; body: unknown }[] = [];
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/api/session-init')) {
        return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' })));
      }
      sent.push({ url, body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') });
      return new Promise<Response>((resolve) => (release = resolve));
    }) as jest.Mock;
    const reload = jest.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    const onDone = jest.fn();
    render(<FeedbackForm onDone={onDone} />);
    expect(screen.queryByText(/under construction/i)).not.toBeInTheDocument();
    const u = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await u.selectOptions(screen.getByLabelText('Your profession'), 'auditor');
    await u.type(screen.getByLabelText('How did you find us?'), 'A colleague');
    await u.type(screen.getByLabelText('How does it help you?'), 'Bank statements');
    await u.type(screen.getByLabelText('How can we improve?'), 'Faster');
    await u.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: 'http://api.test/api/sheets-extension-feedback',
      body: {
        profession: 'auditor',
        howDidYouFind: 'A colleague',
        howDoesItHelp: 'Bank statements',
        howCanWeImprove: 'Faster',
        extraInfo: '',
      },
    });
    await act(() =>
      settle(release, new Response(JSON.stringify({ success: true, message: 'Thank you!' }))),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you!');
    act(() => jest.advanceTimersByTime(1999));
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    reload.mockRestore();
  });
});
