import { existsSync, mkdtempSync, readFileSync, writeFileSync, chmodSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { execFileAsync } from '../../testing/exec-file.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import { FIXTURES } from '../../testing/fixtures.js';

const EVAL = FIXTURES;
const evalPath = (name: string) => path.join(EVAL, name);
const evalFile = (name: string) => readFileSync(evalPath(name));
const b64 = (bytes: Buffer) => bytes.toString('base64');
const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
const MB = 1024 * 1024;

jest.setTimeout(60_000);

type Answer = { status: number; body: Record<string, unknown> };

async function extract(user: SignedIn, body: Record<string, unknown>): Promise<Answer> {
  const response = await user.post('/api/extract', body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A real rendered image of `lines` (DejaVu Sans through sharp's SVG renderer). */
function renderText(lines: string[]): Promise<Buffer> {
  const rows = lines
    .map(
      (line, i) =>
        `<text x="40" y="${String(80 + i * 70)}" font-family="DejaVu Sans" font-size="44">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="${String(120 + lines.length * 70)}"><rect width="100%" height="100%" fill="white"/>${rows}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('POST /api/extract (real Tesseract, real files, real database)', () => {
  let platform: SignedInApp;
  let user: SignedIn;
  let premium: SignedIn;

  beforeAll(async () => {
    platform = await SignedInApp.start({
      // The quota race below sends 20 requests of one user at once: the per-user cap on running
      // extractions (tested in extract-upload.e2e-spec.ts) would stop 18 before the quota does.
      EXTRACT_CONCURRENT_PER_USER: '50',
      EXTRACT_LIMIT_PER_USER: '1000',
      EXTRACT_LIMIT_PER_IP: '1000',
    });
    user = await platform.signIn('Free Reader', 'free@example.com');
    premium = await platform.signIn('Pro Reader', 'pro@example.com');
    await platform.makePremium(premium);
  });
  afterAll(async () => {
    await platform.close();
  });
  // Each test starts with a clean day for the free user.
  beforeEach(async () => {
    await platform.db.collection('daily_usage').deleteMany({});
    await platform.db.collection('extraction_slots').deleteMany({});
  });

  it('names the local engine alone when no vision model is configured', async () => {
    const response = await fetch(`${platform.api}/api/engines`);
    expect(await response.json()).toEqual({
      mode: 'local',
      engines: [{ kind: 'local', name: 'Tesseract OCR' }],
    });
  });

  it('reads clean print, keeping its paragraphs', async () => {
    const { status, body } = await extract(user, {
      base64Image: b64(evalFile('printed/tesseractjs_testocr.png')),
    });
    expect(status).toBe(200);
    const text = body.extractedText as string;
    expect(text).toContain('This is a lot of 12 point text to test the');
    expect(text).toContain('\n\nThe quick brown dog jumped over the');
    expect(body.found).toBe(true);
  });

  it("answers 'No text found', with found false, for a page without text", async () => {
    const blank = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const { status, body } = await extract(premium, { base64Image: blank.toString('base64') });
    expect(status).toBe(200);
    expect(body).toEqual({ extractedText: 'No text found', found: false });
  });

  it('applies the EXIF orientation of a phone photo', async () => {
    const { body } = await extract(premium, {
      base64Image: b64(evalFile('printed/tesseractjs_simple_90.jpg')),
    });
    expect(body.extractedText).toBe('Tesseract.js');
  });

  it('reads an iPhone-style HEIC photo', async () => {
    // heif-enc (Debian's libheif-examples, installed by npm test) encodes a PNG as HEVC.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'heic-'));
    try {
      const heic = path.join(dir, 'photo.heic');
      await execFileAsync('heif-enc', [
        '-q',
        '90',
        evalPath('printed/tesseractjs_testocr.png'),
        '-o',
        heic,
      ]);
      const { status, body } = await extract(user, { base64Image: b64(readFileSync(heic)) });
      expect(status).toBe(200);
      expect(body.extractedText).toContain('The quick brown dog jumped over the');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('turns a page that was scanned upside down', async () => {
    const upsideDown = await sharp(evalFile('printed/tesseractjs_testocr.png'))
      .rotate(180)
      .png()
      .toBuffer();
    const { body } = await extract(premium, { base64Image: b64(upsideDown) });
    expect(body.extractedText).toContain('The quick brown dog jumped over the');
  });

  it("reads accented Latin and Cyrillic in 'original language' without being told", async () => {
    const accented = await renderText([
      'Le garçon déjà à l’école',
      'Élève très âgé, où êtes-vous ?',
    ]);
    const latin = await extract(premium, { base64Image: b64(accented), language: '' });
    const latinText = fold(latin.body.extractedText as string);
    expect(latinText).toMatch(/Le garçon déjà à l['’]école/);
    expect(latinText).toContain('Élève très âgé, où êtes-vous ?');

    const cyrillic = await renderText([
      'Привет, как твои дела сегодня?',
      'Съешь же ещё этих мягких булок',
    ]);
    const ru = await extract(premium, { base64Image: b64(cyrillic) });
    expect(fold(ru.body.extractedText as string)).toContain('Привет, как твои дела сегодня?');
  });

  it('reads a short Chinese line that OSD cannot classify', async () => {
    const { body } = await extract(premium, {
      base64Image: b64(evalFile('printed/tesseractjs_chinese.png')),
    });
    expect(body.extractedText).toBe('繁體中文測試');
  });

  it("uses a digital PDF's text layer", async () => {
    const { status, body } = await extract(premium, {
      base64Pdf: b64(evalFile('pdf-digital/pdfminer_simple1.pdf')),
      pageToExtract: 1,
    });
    expect(status).toBe(200);
    expect(fold(body.extractedText as string)).toBe(
      fold(readFileSync(path.join(EVAL, 'pdf-digital/pdfminer_simple1.p1.gt.txt'), 'utf8')),
    );
  });

  it('reads a page by OCR when its text layer cannot be decoded (broken ToUnicode map)', async () => {
    const pdf = evalFile('pdf-digital/pdfminer_issue_791_non_unicode_cmap.pdf');
    const { status, body } = await extract(premium, { base64Pdf: b64(pdf) });
    expect(status).toBe(200);
    expect(body.extractedText).toMatch(/Pen.{1,2}zn.{1,2} prost.{1,2}edky na .{1,2}tech/);
  });

  it('rasterises and reads page 2 of a scanned multi-page PDF (a rotated copy)', async () => {
    const { status, body } = await extract(premium, {
      base64Pdf: b64(evalFile('pdf-scanned/ocrmypdf_cardinal.pdf')),
      pageToExtract: 2,
    });
    expect(status).toBe(200);
    expect(body.extractedText).toContain('32 Track MIDI Sequence Recorder');
  });

  it('levels a page scanned askew, so its two columns are read one after the other', async () => {
    const { status, body } = await extract(premium, {
      base64Pdf: b64(evalFile('pdf-scanned/ocrmypdf_skew.pdf')),
    });
    expect(status).toBe(200);
    // Read askew, the left column's lines came interleaved with the right column's.
    expect(body.extractedText).toContain(
      'To record a sequence, simply press RECORD and PLAY,\nthen play your MIDI keyboard in time to the Sequencer',
    );
  });

  it('names the page count when the page is beyond the last', async () => {
    const { status, body } = await extract(premium, {
      base64Pdf: b64(evalFile('pdf-digital/pdfminer_simple1.pdf')),
      pageToExtract: 5,
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      code: 'PAGE_OUT_OF_RANGE',
      error: 'Page 5 does not exist: this PDF has 1 page.',
    });
  });

  it('refuses files over the plan limit: 5 MB free, 30 MB premium', async () => {
    const free = await extract(user, { base64Image: b64(Buffer.alloc(5 * MB + 1, 1)) });
    expect(free.status).toBe(413);
    expect(free.body).toEqual({
      code: 'IMAGE_SIZE_EXCEED',
      error: 'File is larger than the 5MB limit of your plan.',
    });
    const pro = await extract(premium, { base64Image: b64(Buffer.alloc(30 * MB + 1, 1)) });
    expect(pro.status).toBe(413);
    expect(pro.body.error).toBe('File is larger than the 30MB limit of your plan.');
    expect(await platform.db.collection('daily_usage').countDocuments({})).toBe(0);
  });

  it('refuses a non-image sent as an image', async () => {
    const { status, body } = await extract(user, {
      base64Image: b64(readFileSync(process.execPath).subarray(0, 4096)),
    });
    expect(status).toBe(415);
    expect(body.code).toBe('UNSUPPORTED_FILE');
  });

  it('refuses SVG, HTML and XML sent as images, whatever they claim (security plan 3, 6)', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="200" height="50">' +
      '<text x="10" y="30">Hello</text></svg>';
    const html = '<!DOCTYPE html><html><body><p>Hello</p><script>alert(1)</script></body></html>';
    const xml = '<?xml version="1.0"?><note><to>Tove</to></note>';
    for (const text of [svg, html, xml]) {
      for (const prefix of ['', 'data:image/png;base64,']) {
        const { status, body } = await extract(user, {
          base64Image: prefix + Buffer.from(text).toString('base64'),
        });
        expect({ status, code: body.code }).toEqual({ status: 415, code: 'UNSUPPORTED_FILE' });
      }
    }
  });

  it('refuses a damaged PNG (sound header, broken data) as FILE_CORRUPT, not spending quota', async () => {
    const png = evalFile('printed/tesseractjs_testocr.png');
    const damaged = Buffer.concat([png.subarray(0, 64), Buffer.alloc(png.length - 64, 0x5a)]);
    const { status, body } = await extract(user, { base64Image: b64(damaged) });
    expect(status).toBe(422);
    expect(body.code).toBe('FILE_CORRUPT');
    const day = new Date().toISOString().slice(0, 10);
    const usage = await platform.db.collection('daily_usage').findOne({ day });
    expect(usage?.used ?? 0).toBe(0);
  });

  it('refuses PostScript sent as a PDF before GraphicsMagick or Ghostscript start', async () => {
    const spies = mkdtempSync(path.join(os.tmpdir(), 'spy-'));
    const marker = path.join(spies, 'ran');
    for (const tool of ['gm', 'gs']) {
      writeFileSync(path.join(spies, tool), `#!/bin/sh\ntouch ${marker}\n`);
      chmodSync(path.join(spies, tool), 0o755);
    }
    const savedPath = process.env.PATH;
    process.env.PATH = `${spies}:${savedPath ?? ''}`;
    try {
      const postscript = Buffer.from(
        '%!PS-Adobe-3.0\n/Helvetica findfont 12 scalefont setfont\n72 720 moveto (hi) show\nshowpage\n',
      );
      const { status, body } = await extract(user, { base64Pdf: b64(postscript) });
      expect(status).toBe(415);
      expect(body.code).toBe('UNSUPPORTED_FILE');
      expect(existsSync(marker)).toBe(false);
    } finally {
      process.env.PATH = savedPath;
      rmSync(spies, { recursive: true, force: true });
    }
  });

  it('refuses a translation no installed pair can serve, before spending quota', async () => {
    const { status, body } = await extract(user, {
      base64Image: b64(evalFile('printed/tesseractjs_simple.png')),
      language: 'de',
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      code: 'TRANSLATION_UNAVAILABLE',
      error:
        "Translation to German is not available on this server. Choose 'Original language' or another language.",
    });
    expect(await platform.db.collection('daily_usage').countDocuments({})).toBe(0);
  });

  it('translates English text into Spanish locally (Apertium), keeping its layout', async () => {
    const { status, body } = await extract(user, {
      base64Image: b64(evalFile('printed/tesseractjs_testocr.png')),
      language: 'es',
    });
    expect(status).toBe(200);
    expect(body.extractedText).toContain('El perro marrón rápido saltó');
    expect(body.extractedText).toContain('\n\n');
  });

  it('translates English text into French through Catalan (two chained Apertium pairs)', async () => {
    const { status, body } = await extract(user, {
      base64Image: b64(evalFile('printed/tesseractjs_testocr.png')),
      language: 'fr',
    });
    expect(status).toBe(200);
    const text = String(body.extractedText);
    expect(text).toContain('Le chien'); // the dog
    expect(text).toContain('renard'); // fox
    expect(text).toContain('\n\n');
    expect(text).not.toMatch(/(?<![\p{L}\p{N}])[*@#]\p{L}/u); // no unknown-word marks
  });

  it('names both languages when the detected one has no route to the target, and refunds', async () => {
    // Italian is served from Spanish and Catalan, but both chains from English failed the 5 % rule.
    const { status, body } = await extract(user, {
      base64Image: b64(evalFile('printed/tesseractjs_testocr.png')),
      language: 'it',
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      code: 'TRANSLATION_UNAVAILABLE',
      error: 'Translation from English to Italian is not available on this server.',
    });
    const row = await platform.db.collection('daily_usage').findOne({ userId: user.userId });
    expect(row).toMatchObject({ used: 0 });
  });

  it('needs sign-in and the CSRF token', async () => {
    const anonymous = await fetch(`${platform.api}/api/extract`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ base64Image: 'AA==' }),
    });
    expect(anonymous.status).toBe(403); // no CSRF token either
    const noToken = await user.browser.request(`${platform.api}/api/extract`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ base64Image: 'AA==' }),
    });
    expect(noToken.status).toBe(403);
  });

  it('lets exactly one of 20 parallel requests through with 4 of 5 used, and failures do not count', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // Four of today's five extractions used.
    await platform.db
      .collection('extraction_slots')
      .insertMany([1, 2, 3, 4].map((slot) => ({ userId: user.userId, day: today, slot })));

    const failed = await extract(user, { base64Image: b64(Buffer.from('not an image at all')) });
    expect(failed.status).toBe(415);

    const image = b64(evalFile('printed/tesseractjs_simple.png'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => extract(user, { base64Image: image })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(19);
    expect(refused[0]?.body).toEqual({
      code: 'DAILY_LIMIT_REACHED',
      error: "You've hit your free limit for today.",
      feedbackOfferAvailable: true,
    });
    const row = await platform.db
      .collection('daily_usage')
      .findOne({ userId: user.userId, day: today });
    expect(row).toMatchObject({ used: 5, remaining: 0 });
    expect(
      await platform.db.collection('extraction_slots').countDocuments({ userId: user.userId }),
    ).toBe(5);
  });

  it('counts nothing for premium users', async () => {
    // A page with its own text layer: counted like any reading, without six OCR runs.
    const pdf = b64(evalFile('pdf-digital/pdfminer_simple1.pdf'));
    for (let i = 0; i < 6; i++) {
      expect((await extract(premium, { base64Pdf: pdf, pageToExtract: 1 })).status).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    expect(
      await platform.db.collection('extraction_slots').countDocuments({ userId: premium.userId }),
    ).toBe(0);
    expect(
      await platform.db
        .collection('daily_usage')
        .countDocuments({ userId: premium.userId, day: today }),
    ).toBe(0);
  });
});
