import { jest } from '@jest/globals';
import { MessagesService } from '../../modules/messages/messages.service.js';
import { SignedInApp, type Visitor } from '../../testing/signed-in-app.js';
import { startEnvelopeReceiver, type ReceivedEvent } from '../../testing/envelope-receiver.js';

// Spec §7: the API's unexpected errors reach the error-reporting service (here a local receiver
// of Sentry envelopes on 127.0.0.1) tagged with their action, without the request's body,
// cookies, credentials or query, and never those with one of the spec's ignored phrases.
const CONTACT = {
  name: 'Ravi',
  email: 'ravi@example.com',
  message: 'My secret note',
  extraInfo: '',
};

describe('error reports from the API', () => {
  let receiver: Awaited<ReturnType<typeof startEnvelopeReceiver>>;
  let app: SignedInApp;
  let visitor: Visitor;
  let submit: jest.SpiedFunction<MessagesService['submit']>;

  beforeAll(async () => {
    receiver = await startEnvelopeReceiver();
    app = await SignedInApp.start({ SENTRY_DSN: receiver.dsn('3') });
    visitor = await app.visitor();
    // The fault: the form's store fails with an error nobody expected.
    submit = jest.spyOn(app.app.get(MessagesService), 'submit');
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  const failContact = async (message: string) => {
    submit.mockRejectedValueOnce(new Error(message));
    // (A bearer header would make it the add-on's request: the session cookie stands for the
    // credentials here.)
    const answer = await visitor.post('/api/contact?surface=text-ocr', CONTACT, {
      'x-form-age': '5000',
    });
    expect(answer.status).toBe(500);
  };

  async function eventWith(text: string): Promise<ReceivedEvent> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = receiver.events.find((event) => JSON.stringify(event).includes(text));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no report containing ${text} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sends an error thrown in a route, tagged with its action and scrubbed', async () => {
    await failContact('could not store the message of ravi@example.com (case 1)');
    const event = await eventWith('case 1');
    expect(event.project).toBe('3');
    expect(event.tags?.action).toBe('forms');
    expect(event.exception?.values?.[0]?.value).toBe(
      'could not store the message of [email] (case 1)',
    );
    const request = event.request as { url: string; method: string; headers: object };
    expect(request).toMatchObject({ method: 'POST', url: '/api/contact?[query]' });
    const headers = Object.keys(request.headers).map((name) => name.toLowerCase());
    expect(headers).toContain('content-type');
    expect(headers).not.toContain('cookie');
    expect(headers).not.toContain('authorization');
    expect(headers).not.toContain('x-csrf-token');
    const sent = JSON.stringify(event);
    for (const secret of [
      'ravi@example.com',
      'My secret note',
      'secret-bearer-token',
      visitor.csrf,
    ]) {
      expect(sent).not.toContain(secret);
    }
  });

  it('drops errors whose message holds one of the ignored phrases', async () => {
    await failContact('Request aborted by the client (case 2)');
    await failContact('an error after it (case 3)');
    await eventWith('case 3');
    expect(JSON.stringify(receiver.events)).not.toContain('case 2');
  });
});
