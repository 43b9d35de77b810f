import { render } from '@testing-library/react';
import { ADS_CLICK_KEY } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { configureApi } from 'shared-ui';
import { requestExtraction } from '../features/tool/extract-api';
import { adsClickTerms, recordAdsClick, useAdsClickRecord } from './ads-click';

function Landing() {
  useAdsClickRecord();
  return null;
}

const land = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Landing />
    </MemoryRouter>,
  );

function extractApi() {
  const bodies: Record<string, unknown>[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url.endsWith('/api/session-init')) {
      return Promise.resolve(new Response(JSON.stringify({ csrfToken: 't' })));
    }
    bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as never);
    return Promise.resolve(new Response(JSON.stringify({ extractedText: 'Hello', found: true })));
  }) as jest.Mock;
  return bodies;
}

const IMAGE = { base64: 'aGVsbG8=', isPdf: false, page: 1, language: '' };

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: 'http://api.test' });
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

describe('the ad-click record (spec §7)', () => {
  it('is stored on an ad landing, and the next extraction carries its search term and keyword', async () => {
    land('/?gclid=Cj0K&searchTerm=handwriting+to+text&keyword=ocr&aff=x');
    expect(JSON.parse(localStorage.getItem(ADS_CLICK_KEY) ?? 'null')).toMatchObject({
      clickIdParam: 'gclid',
      clickId: 'Cj0K',
      searchTerm: 'handwriting to text',
      keyword: 'ocr',
    });
    const bodies = extractApi();
    await requestExtraction(IMAGE, false);
    expect(bodies[0]).toMatchObject({ searchTerm: 'handwriting to text', keyword: 'ocr' });
  });

  it('is not stored, nor an earlier one replaced, by a landing without a click id', async () => {
    recordAdsClick('?msclkid=m1&keyword=pdf+ocr');
    land('/?keyword=other&searchTerm=other');
    expect(adsClickTerms()).toEqual({ searchTerm: null, keyword: 'pdf ocr' });
    const bodies = extractApi();
    await requestExtraction(IMAGE, false);
    expect(bodies[0]).toMatchObject({ searchTerm: null, keyword: 'pdf ocr' });
  });

  it('is replaced by a later ad click', () => {
    recordAdsClick('?gclid=1&keyword=first');
    land('/?gbraid=2&keyword=second');
    expect(adsClickTerms()).toEqual({ searchTerm: null, keyword: 'second' });
  });
});
