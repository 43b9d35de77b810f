import { carryQuery } from './carry-query';

const at = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname, search: parsed.search };
};

describe('carryQuery', () => {
  it('keeps aff on every internal navigation', () => {
    expect(carryQuery('/handwriting-ocr', at('/?aff=x'))).toBe('/handwriting-ocr?aff=x');
    expect(carryQuery('/#faq', at('/pricing?aff=x'))).toBe('/?aff=x#faq');
  });

  it('adds nothing when the current URL has nothing to carry', () => {
    expect(carryQuery('/pricing', at('/?utm=1'))).toBe('/pricing');
  });

  it('carries sourceId, linkId and tenantId to pricing, feedback and contact pages only', () => {
    const here = at('/?aff=a&sourceId=s&linkId=l&tenantId=t&other=o');
    expect(carryQuery('/pricing', here)).toBe('/pricing?aff=a&sourceId=s&linkId=l&tenantId=t');
    expect(carryQuery('/feedback', here)).toBe('/feedback?aff=a&sourceId=s&linkId=l&tenantId=t');
    expect(carryQuery('/contact-us', here)).toBe(
      '/contact-us?aff=a&sourceId=s&linkId=l&tenantId=t',
    );
    expect(carryQuery('/terms-of-service', here)).toBe('/terms-of-service?aff=a');
  });

  it('carries the whole query-string suffix between add-on pages', () => {
    const here = at('/sheets-extension-faq?aff=a&from=sheet&x=1');
    expect(carryQuery('/sheets-extension-pricing', here)).toBe(
      '/sheets-extension-pricing?aff=a&from=sheet&x=1',
    );
    expect(carryQuery('/pdf-to-sheets-extension#faq', here)).toBe(
      '/pdf-to-sheets-extension?aff=a&from=sheet&x=1#faq',
    );
    // Leaving the add-on keeps only what the main rules carry.
    expect(carryQuery('/privacy-policy', here)).toBe('/privacy-policy?aff=a');
  });

  it('lets parameters written in the target win', () => {
    expect(carryQuery('/pricing?aff=mine&plan=1', at('/?aff=theirs'))).toBe(
      '/pricing?aff=mine&plan=1',
    );
  });

  it('leaves external and protocol-relative URLs untouched', () => {
    expect(carryQuery('https://example.com/a', at('/?aff=x'))).toBe('https://example.com/a');
    expect(carryQuery('mailto:help@example.com', at('/?aff=x'))).toBe('mailto:help@example.com');
    expect(carryQuery('//cdn.example/x', at('/?aff=x'))).toBe('//cdn.example/x');
  });

  it('gives a link the same target with nothing to carry as the full rules would', () => {
    // From '/', a query of a parameter no rule carries takes the full path (URL parsing); an
    // empty one may take the short cut for a plain path. Both must agree.
    const targets = [
      '/',
      '/pricing',
      '/pricing/',
      '/sheets-extension-faq',
      '/a_b/c-d',
      'pricing',
      '/a/../pricing',
      '/a//b',
      '/café',
      '/a b',
      '/pricing?plan=1',
      '/pricing#faq',
      '/%70ricing',
      '/pricing?',
      '/a\\b',
      '/.',
      '/-',
      '/_/',
    ];
    for (const to of targets) {
      expect({ to, short: carryQuery(to, at('/')) }).toEqual({
        to,
        short: carryQuery(to, at('/?nothing=carried')),
      });
      expect({ to, short: carryQuery(to, at('/pricing?')) }).toEqual({
        to,
        short: carryQuery(to, at('/pricing?nothing=carried')),
      });
    }
  });
});
