import { DESKTOP_HEADLINES, MOBILE_HEADLINES, pickHeadline } from './headlines';

describe('pickHeadline', () => {
  it('picks among 3 desktop and 4 mobile variants', () => {
    expect(DESKTOP_HEADLINES).toHaveLength(3);
    expect(MOBILE_HEADLINES).toHaveLength(4);
    expect(pickHeadline(false, () => 0)).toBe(DESKTOP_HEADLINES[0]);
    expect(pickHeadline(false, () => 0.99)).toBe(DESKTOP_HEADLINES[2]);
    expect(pickHeadline(true, () => 0.99)).toBe(MOBILE_HEADLINES[3]);
    expect(pickHeadline(true, () => 0.3)).toBe(MOBILE_HEADLINES[1]);
  });
});
