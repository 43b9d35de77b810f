import { safeReturnPath } from './return-path.js';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/pricing?aff=x', '/pricing?aff=x'],
    ['/sheets-extension-faq?a=1&b=2#faq', '/sheets-extension-faq?a=1&b=2#faq'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    'https://elsewhere.example',
    '//elsewhere.example',
    '/\\elsewhere.example',
    'javascript:alert(1)',
    'pricing',
    '/a\nb',
    '',
    `/${'a'.repeat(2000)}`,
    42,
    undefined,
  ])('refuses %p', (input) => {
    expect(safeReturnPath(input)).toBeNull();
  });
});
