import { ADS_CLICK_KEY } from 'contracts';
import { configureApi, recordAdsClick } from 'shared-ui';
import {
  OFFLINE,
  readExtractResponse,
  requestExtraction,
  SOMETHING_WRONG,
  UNREACHABLE,
} from './extract-api';

type Sent = { url: string; body: Record<string, unknown> };

function api(answers: (Response | Error)[]) {
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
    const next = answers.shift() ?? new Error('no answer left');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  }) as jest.Mock;
  return sent;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const IMAGE = { base64: 'aGVsbG8=', isPdf: false, page: 1, language: '' };

describe('requestExtraction (spec §7, §8)', () => {
  beforeEach(() => {
    configureApi({ baseUrl: 'http://api.test' });
    localStorage.clear();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  });

  it('returns the text, sending the ads_click search term and keyword', async () => {
    localStorage.setItem(
      ADS_CLICK_KEY,
      JSON.stringify({ searchTerm: 'ocr', keyword: 'image to text' }),
    );
    const sent = api([json({ extractedText: 'Hello' })]);
    expect(await requestExtraction({ ...IMAGE, language: 'es' }, false)).toEqual({
      ok: true,
      text: 'Hello',
      found: true,
    });
    expect(sent[0]?.body).toEqual({
      base64Image: 'aGVsbG8=',
      language: 'es',
      searchTerm: 'ocr',
      keyword: 'image to text',
    });
  });

  it('sends the terms of the ad click recorded where the visitor landed', async () => {
    recordAdsClick('?gclid=Cj0K&searchTerm=handwriting+to+text&keyword=ocr&aff=x');
    const sent = api([json({ extractedText: 'Hello' })]);
    await requestExtraction(IMAGE, false);
    expect(sent[0]?.body).toMatchObject({ searchTerm: 'handwriting to text', keyword: 'ocr' });
  });

  it('sends a PDF with its page, and null search fields without an ads_click record', async () => {
    const sent = api([json({ extractedText: 'Page two' })]);
    await requestExtraction({ ...IMAGE, isPdf: true, page: 2 }, false);
    expect(sent[0]?.body).toEqual({
      base64Pdf: 'aGVsbG8=',
      pageToExtract: 2,
      language: '',
      searchTerm: null,
      keyword: null,
    });
  });

  it('says to connect when the browser is offline, without calling the API', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const sent = api([]);
    expect(await requestExtraction(IMAGE, false)).toEqual({
      ok: false,
      failure: { kind: 'message', text: OFFLINE },
    });
    expect(sent).toHaveLength(0);
  });

  it('retries once with base64Image only after a network error', async () => {
    const sent = api([new TypeError('Failed to fetch'), json({ extractedText: 'Second try' })]);
    expect(await requestExtraction({ ...IMAGE, language: 'fr' }, false)).toEqual({
      ok: true,
      text: 'Second try',
      found: true,
    });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({ base64Image: 'aGVsbG8=' });
  });

  it('says the server is unreachable when the retry fails too', async () => {
    const sent = api([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    expect(await requestExtraction(IMAGE, false)).toEqual({
      ok: false,
      failure: { kind: 'message', text: UNREACHABLE },
    });
    expect(sent).toHaveLength(2);
  });

  it('passes on IMAGE_SIZE_EXCEED with the server text', async () => {
    api([json({ code: 'IMAGE_SIZE_EXCEED', error: 'The file is larger than 5 MB.' }, 413)]);
    expect(await requestExtraction(IMAGE, false)).toEqual({
      ok: false,
      failure: { kind: 'size', text: 'The file is larger than 5 MB.' },
    });
  });

  it('offers feedback at the daily limit as the server says, else by the user flag', async () => {
    api([json({ code: 'DAILY_LIMIT_REACHED', error: 'x', feedbackOfferAvailable: false }, 429)]);
    expect(await requestExtraction(IMAGE, false)).toEqual({
      ok: false,
      failure: { kind: 'limit', feedbackOffer: false },
    });
    api([json({ code: 'DAILY_LIMIT_REACHED', error: 'x' }, 429)]);
    expect(await requestExtraction(IMAGE, false)).toMatchObject({
      failure: { kind: 'limit', feedbackOffer: true },
    });
    api([json({ code: 'DAILY_LIMIT_REACHED', error: 'x' }, 429)]);
    expect(await requestExtraction(IMAGE, true)).toMatchObject({
      failure: { kind: 'limit', feedbackOffer: false },
    });
  });

  it('shows other server texts as they are, and a generic text when there is none', async () => {
    api([
      json(
        { code: 'PAGE_OUT_OF_RANGE', error: 'Page 9 does not exist: this PDF has 4 pages.' },
        400,
      ),
    ]);
    expect(await requestExtraction(IMAGE, false)).toMatchObject({
      failure: { kind: 'message', text: 'Page 9 does not exist: this PDF has 4 pages.' },
    });
    api([new Response('<html>Bad gateway</html>', { status: 502 })]);
    expect(await requestExtraction(IMAGE, false)).toMatchObject({
      failure: { kind: 'message', text: SOMETHING_WRONG },
    });
  });

  it("prefers the answer's found flag, else treats 'No text found' as nothing found", async () => {
    api([json({ extractedText: 'No text found', found: false })]);
    expect(await requestExtraction(IMAGE, false)).toEqual({
      ok: true,
      text: 'No text found',
      found: false,
    });
    expect(readExtractResponse({ extractedText: 'No text found' })).toEqual({
      extractedText: 'No text found',
      found: false,
    });
    expect(readExtractResponse({ extractedText: 'Hello' })).toEqual({
      extractedText: 'Hello',
      found: true,
    });
    // The flag wins over the text when both are sent.
    expect(readExtractResponse({ extractedText: 'No text found', found: true })).toEqual({
      extractedText: 'No text found',
      found: true,
    });
    expect(readExtractResponse({ error: 'x' } as { extractedText?: unknown })).toBeNull();
  });
});
