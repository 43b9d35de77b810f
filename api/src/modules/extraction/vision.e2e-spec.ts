import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import {
  imageOf,
  promptOf,
  startChatServer,
  type ChatAnswer,
  type ChatServer,
} from '../../testing/chat-completions-server.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import { FIXTURES } from '../../testing/fixtures.js';

// Its own file: passport is one global per module registry, and this app has its own config.
jest.setTimeout(30_000);

const EVAL = FIXTURES;
const b64 = (name: string) => readFileSync(path.join(EVAL, name)).toString('base64');

describe('the vision engine (OCR_ENGINE=vision) against a Chat Completions server', () => {
  let chat: ChatServer;
  let next: ChatAnswer = { kind: 'text', content: '' };
  let platform: SignedInApp;
  let user: SignedIn;

  beforeAll(async () => {
    chat = await startChatServer('sk-test', () => next);
    platform = await SignedInApp.start({
      OCR_ENGINE: 'vision',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: chat.url,
      OPENAI_MODEL: 'vision-test-model',
      VISION_TIMEOUT_MS: '500',
    });
    user = await platform.signIn('Vision User', 'vision@example.com');
  });
  afterAll(async () => {
    await platform.close();
    await chat.close();
  });
  beforeEach(async () => {
    chat.requests.length = 0;
    await platform.db.collection('daily_usage').deleteMany({});
    await platform.db.collection('extraction_slots').deleteMany({});
  });

  const extract = async (body: Record<string, unknown>) => {
    const response = await user.post('/api/extract', body);
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    };
  };

  it("sends the image to the model and cleans the model's answer", async () => {
    next = {
      kind: 'text',
      content: 'Sure, here is the extracted text:\n```\nLigne un\n\n\n\nLigne deux\n```',
    };
    const { status, body } = await extract({ base64Image: b64('printed/tesseractjs_testocr.png') });
    expect(status).toBe(200);
    expect(body.extractedText).toBe('Ligne un\n\nLigne deux');
    const [request] = chat.requests;
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('vision-test-model');
    expect(imageOf(request)).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(promptOf(request)).toContain('keeping its paragraphs, line breaks and reading order');
  });

  it('reads and translates in one call, and lists every language as translatable', async () => {
    next = { kind: 'text', content: 'Ceci est beaucoup de texte.' };
    const { body } = await extract({
      base64Image: b64('printed/tesseractjs_testocr.png'),
      language: 'fr',
    });
    expect(body.extractedText).toBe('Ceci est beaucoup de texte.');
    expect(chat.requests).toHaveLength(1);
    expect(promptOf(chat.requests[0])).toContain('translate that text into French');

    const languages = (await (
      await user.browser.request(`${platform.api}/api/languages`)
    ).json()) as {
      languages: { code: string; translatable: boolean }[];
    };
    expect(languages.languages.find((l) => l.code === 'fr')?.translatable).toBe(true);
  });

  it("translates a digital PDF's exact text layer as text", async () => {
    next = { kind: 'text', content: 'Hallo\n\nWelt' };
    const { body } = await extract({
      base64Pdf: b64('pdf-digital/pdfminer_simple1.pdf'),
      language: 'de',
    });
    expect(body.extractedText).toBe('Hallo\n\nWelt');
    expect(imageOf(chat.requests[0])).toBeUndefined();
    expect(promptOf(chat.requests[0])).toMatch(/into German[\s\S]*Hello/);
  });

  it("answers the model's rate limit with 503 and its Retry-After, and spends no quota", async () => {
    next = {
      kind: 'error',
      status: 429,
      type: 'rate_limit_exceeded',
      message: 'Rate limit reached',
      headers: { 'retry-after': '1' },
    };
    const { status, headers, body } = await extract({
      base64Image: b64('printed/tesseractjs_simple.png'),
    });
    expect(status).toBe(503);
    expect(body.code).toBe('VISION_BUSY');
    expect(headers.get('retry-after')).toBe('1');
    expect(
      await platform.db.collection('daily_usage').findOne({ userId: user.userId }),
    ).toMatchObject({ used: 0 });
  });

  it("answers the model's server error with 502 VISION_UNAVAILABLE", async () => {
    next = { kind: 'error', status: 500, type: 'server_error', message: 'The server had an error' };
    const { status, body } = await extract({ base64Image: b64('printed/tesseractjs_simple.png') });
    expect(status).toBe(502);
    expect(body).toEqual({
      code: 'VISION_UNAVAILABLE',
      error: 'The AI reader could not be reached (500). Please try again later.',
    });
  });

  it('stops waiting at the time limit with ENGINE_TIMEOUT', async () => {
    next = { kind: 'text', content: 'too late', delayMs: 3000 };
    const { status, body } = await extract({ base64Image: b64('printed/tesseractjs_simple.png') });
    expect(status).toBe(504);
    expect(body.code).toBe('ENGINE_TIMEOUT');
  });
});
