import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXT_OCR_PROFESSIONS } from 'contracts';
import { configureApi, resetSession } from 'shared-ui';
import { FeedbackForm } from './FeedbackForm';

// shared-ui's tests cover the form's states; here: text OCR's route, list, testimonial question,
// and the session read again after a success (the first feedback adds 5 extractions today).
describe("text OCR's feedback form", () => {
  beforeEach(() => {
    configureApi({ baseUrl: 'http://api.test' });
    resetSession();
  });

  it('posts to /api/text-ocr-feedback with the testimonial answer, then reads the session again', async () => {
    const calls: { url: string; body?: unknown }[] = [];
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
    render(<FeedbackForm onDone={jest.fn()} />);
    const options = screen.getAllByRole<HTMLOptionElement>('option').slice(1);
    expect(options.map((o) => o.value)).toEqual([...TEXT_OCR_PROFESSIONS]);
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
  });
});
