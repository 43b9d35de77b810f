import { jest } from '@jest/globals';
import sharp from 'sharp';
import {
  imageOf,
  promptOf,
  startChatServer,
  type ChatAnswer,
  type ChatServer,
} from '../../../../testing/chat-completions-server.js';
import { ORDER_TABLE, tablePage } from '../../../../testing/table-image.js';
import { ExtractionEngine } from '../engine.js';

// The vision model beside the table reader, through the real `openai` client against a local
// server that speaks the Chat Completions contract: `vision` reads every page read from pixels,
// `auto` only the pages Tesseract read unsurely; a failing model leaves auto's local reading.
jest.setTimeout(120_000);

const MODEL_ROWS = [
  ['Item', 'Quantity'],
  ['Stapler', '2'],
];
const answerWith = (tables: string[][][]): ChatAnswer => ({
  kind: 'text',
  content: '```json\n' + JSON.stringify({ tables: tables.map((rows) => ({ rows })) }) + '\n```',
});

describe('tables read by the vision model', () => {
  let chat: ChatServer;
  let next: ChatAnswer = answerWith([MODEL_ROWS]);
  let clean: Buffer;
  const engines: ExtractionEngine[] = [];
  const engine = (mode: 'vision' | 'auto') => {
    const made = new ExtractionEngine({
      tesseractPath: 'tesseract',
      mode,
      vision: { apiKey: 'sk-tables', baseUrl: chat.url, model: 'm', timeoutMs: 20_000 },
    });
    engines.push(made);
    return made;
  };

  beforeAll(async () => {
    chat = await startChatServer('sk-tables', () => next);
    clean = (await tablePage(ORDER_TABLE, { ruled: true })).image;
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.close()));
    await chat.close();
  });
  beforeEach(() => {
    chat.requests.length = 0;
    next = answerWith([MODEL_ROWS]);
  });

  it('vision: the page goes to the model alone (no Tesseract run), and its tables are kept', async () => {
    const result = await engine('vision').extractTables({ bytes: clean, mode: 'tables' });
    expect(result.tables.map((t) => ({ method: t.method, rows: t.rows }))).toEqual([
      { method: 'vision', rows: MODEL_ROWS },
    ]);
    expect(chat.requests).toHaveLength(1);
    expect(imageOf(chat.requests[0])).toMatch(/^data:image\/png;base64,/);
    next = { kind: 'error', status: 500, type: 'server_error', message: 'down' };
    await expect(
      engine('vision').extractTables({ bytes: clean, mode: 'tables' }),
    ).rejects.toMatchObject({ code: 'VISION_UNAVAILABLE' });
  });

  it('auto: a page Tesseract reads confidently is not sent; an unsure one is, with the local reading as a hint; a failing model leaves the local reading', async () => {
    const auto = engine('auto');
    const confident = await auto.extractTables({ bytes: clean, mode: 'tables' });
    expect(chat.requests).toHaveLength(0);
    expect(confident.tables[0]?.rows).toEqual(ORDER_TABLE);
    // The same page at half size, blurred past reading: Tesseract is unsure of what it finds.
    const blurred = await sharp(clean).resize({ width: 850 }).blur(3.5).png().toBuffer();
    const unsure = await auto.extractTables({ bytes: blurred, mode: 'tables' });
    expect(chat.requests).toHaveLength(1);
    expect(promptOf(chat.requests[0])).toContain('A local OCR engine read these tables');
    expect(unsure.tables.map((t) => t.rows)).toEqual([MODEL_ROWS]);
    next = { kind: 'text', content: 'Sorry, I cannot see any table.' };
    const local = await auto.extractTables({ bytes: blurred, mode: 'tables' });
    expect(chat.requests).toHaveLength(2);
    expect(local.tables.every((t) => t.method !== 'vision')).toBe(true);
  });
});
