import { AD_TERM_MAX_LENGTH, adsClickFromQuery as fromRecord } from '../src/index.js';

const adsClickFromQuery = (search: string, now: Date) =>
  fromRecord(new URLSearchParams(search), now);

const NOW = new Date('2026-11-26T08:00:00Z');

describe('the ad-click record (spec §3, §7)', () => {
  it('is made from a click id with the search term and keyword of the landing URL', () => {
    expect(
      adsClickFromQuery('?gclid=Cj0KC&searchTerm=free+image+to+text&keyword=ocr%20online', NOW),
    ).toEqual({
      clickIdParam: 'gclid',
      clickId: 'Cj0KC',
      searchTerm: 'free image to text',
      keyword: 'ocr online',
      landedAt: '2026-11-26T08:00:00.000Z',
    });
  });

  it.each(['gbraid', 'wbraid', 'msclkid'])('takes the %s click id too', (param) => {
    expect(adsClickFromQuery(`?${param}=abc&keyword=ocr`, NOW)).toMatchObject({
      clickIdParam: param,
      clickId: 'abc',
      searchTerm: null,
      keyword: 'ocr',
    });
  });

  it('is not made without a click id, even with a search term and keyword', () => {
    expect(adsClickFromQuery('?searchTerm=ocr&keyword=ocr&aff=x', NOW)).toBeNull();
    expect(adsClickFromQuery('?gclid=&keyword=ocr', NOW)).toBeNull();
  });

  it('keeps terms no longer than the extract request accepts', () => {
    const long = 'x'.repeat(AD_TERM_MAX_LENGTH + 50);
    const record = adsClickFromQuery(`?gclid=1&searchTerm=${long}&keyword=%20%20`, NOW);
    expect(record?.searchTerm).toHaveLength(AD_TERM_MAX_LENGTH);
    expect(record?.keyword).toBeNull();
  });
});
