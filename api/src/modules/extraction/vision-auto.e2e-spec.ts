import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import {
  promptOf,
  startChatServer,
  type ChatAnswer,
  type ChatServer,
} from '../../testing/chat-completions-server.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import { FIXTURES } from '../../testing/fixtures.js';

// Its own file: passport is one global per module registry, and this app has its own config.
jest.setTimeout(60_000);

const EVAL = FIXTURES;
const b64 = (name: string) => readFileSync(path.join(EVAL, name)).toString('base64');

describe('the auto engine: Tesseract first, unsure pages escalate to the vision model', () => {
  let chat: ChatServer;
  let next: ChatAnswer = { kind: 'text', content: '' };
  let platform: SignedInApp;
  let user: SignedIn;

  beforeAll(async () => {
    chat = await startChatServer('sk-auto', () => next);
    platform = await SignedInApp.start({
      OCR_ENGINE: 'auto',
      OPENAI_API_KEY: 'sk-auto',
      OPENAI_BASE_URL: chat.url,
    });
    user = await platform.signIn('Auto User', 'auto@example.com');
    await platform.makePremium(user);
  });
  afterAll(async () => {
    await platform.close();
    await chat.close();
  });
  beforeEach(() => {
    chat.requests.length = 0;
  });

  const extract = async (body: Record<string, unknown>) => {
    const response = await user.post('/api/extract', body);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('names both engines for the page', async () => {
    const response = await fetch(`${platform.api}/api/engines`);
    expect(await response.json()).toEqual({
      mode: 'auto',
      engines: [
        { kind: 'local', name: 'Tesseract OCR' },
        { kind: 'vision', name: 'gpt-4o-mini (vision model)' },
      ],
    });
  });

  it('keeps a confident Tesseract reading of clean print without calling the model', async () => {
    const { body } = await extract({ base64Image: b64('printed/tesseractjs_testocr.png') });
    expect(body.extractedText).toContain('The quick brown dog jumped over the');
    expect(chat.requests).toHaveLength(0);
  });

  it('sends a handwritten page to the model with the local text as a hint', async () => {
    next = { kind: 'text', content: 'Ceci est mon testament.' };
    const { body } = await extract({
      base64Image: b64('handwriting/testaments_poilus_AN_0183_p0.jpg'),
    });
    expect(body.extractedText).toBe('Ceci est mon testament.');
    expect(chat.requests).toHaveLength(1);
    expect(promptOf(chat.requests[0])).toContain('A local OCR engine read this page as follows');
  });

  it("falls back to Tesseract's reading when the model is down", async () => {
    next = { kind: 'error', status: 500, type: 'server_error', message: 'down' };
    const { status, body } = await extract({
      base64Image: b64('handwriting/testaments_poilus_AN_0183_p0.jpg'),
    });
    expect(status).toBe(200);
    expect((body.extractedText as string).length).toBeGreaterThan(20);
  });
});
