import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '../index';
import { ContactForm, contactPath } from './ContactForm';

describe('ContactForm', () => {
  beforeEach(() => configureApi({ baseUrl: 'http://api.test' }));

  it("posts text OCR's messages to /api/contact and other surfaces' with their name", () => {
    expect(contactPath('text-ocr')).toBe('/api/contact');
    expect(contactPath('sheets-addon')).toBe('/api/contact?surface=sheets-addon');
  });

  it.each([
    ['text-ocr', 'http://api.test/api/contact'],
    ['sheets-addon', 'http://api.test/api/contact?surface=sheets-addon'],
  ] as const)('sends the %s form to %s', async (surface, url) => {
    const urls: string[] = [];
    global.fetch = jest.fn((input: RequestInfo | URL) => {
      const at = input instanceof Request ? input.url : input.toString();
      if (at.endsWith('/api/session-init')) {
        return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' })));
      }
      urls.push(at);
      return Promise.resolve(new Response(JSON.stringify({ success: true, message: 'Thanks!' })));
    }) as jest.Mock;
    render(<ContactForm surface={surface} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Mina');
    await userEvent.type(screen.getByLabelText('Email'), 'mina@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(urls).toEqual([url]));
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks!');
  });

  it('sends nothing while a required field is blank', async () => {
    const fetch = jest.fn();
    global.fetch = fetch;
    render(<ContactForm surface="sheets-addon" />);
    await userEvent.type(screen.getByLabelText('Name'), 'Mina');
    await userEvent.type(screen.getByLabelText('Email'), 'mina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText('Message')).toBeInvalid();
    expect(fetch).not.toHaveBeenCalled();
  });
});
