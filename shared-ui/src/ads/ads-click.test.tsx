import { render } from '@testing-library/react';
import { ADS_CLICK_KEY } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
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

const stored = () => JSON.parse(localStorage.getItem(ADS_CLICK_KEY) ?? 'null') as unknown;

beforeEach(() => localStorage.clear());

describe('the ad-click record (spec §7)', () => {
  it('is stored on an ad landing with its search term and keyword, which are read back', () => {
    land('/pricing?gclid=Cj0K&searchTerm=handwriting+to+text&keyword=ocr&aff=x');
    expect(stored()).toMatchObject({
      clickIdParam: 'gclid',
      clickId: 'Cj0K',
      searchTerm: 'handwriting to text',
      keyword: 'ocr',
    });
    expect(adsClickTerms()).toEqual({ searchTerm: 'handwriting to text', keyword: 'ocr' });
  });

  it('is not stored, nor an earlier one replaced, by a landing without a click id', () => {
    recordAdsClick('?msclkid=m1&keyword=pdf+ocr');
    land('/?keyword=other&searchTerm=other');
    expect(adsClickTerms()).toEqual({ searchTerm: null, keyword: 'pdf ocr' });
  });

  it('is replaced by a later ad click', () => {
    recordAdsClick('?gclid=1&keyword=first');
    land('/?gbraid=2&keyword=second');
    expect(adsClickTerms()).toEqual({ searchTerm: null, keyword: 'second' });
  });

  it('reads as no terms when nothing, or something unreadable, is stored', () => {
    expect(adsClickTerms()).toEqual({ searchTerm: null, keyword: null });
    localStorage.setItem(ADS_CLICK_KEY, '{not json');
    expect(adsClickTerms()).toEqual({ searchTerm: null, keyword: null });
  });

  it('stores nothing, and fails nothing, when storage is blocked', () => {
    const blocked = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(() => land('/?gclid=1&keyword=k')).not.toThrow();
    } finally {
      blocked.mockRestore();
    }
    expect(stored()).toBeNull();
  });
});
