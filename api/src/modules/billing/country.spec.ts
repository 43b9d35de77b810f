import { lookupCountry, visitorCountry } from './country.js';

const none = { countryHeader: null, countryOverride: null };

describe("the visitor's country", () => {
  it('looks the client address up in the shipped GeoIP database', () => {
    expect(lookupCountry('49.36.0.1')).toBe('IN');
    expect(lookupCountry('::ffff:49.36.0.1')).toBe('IN');
    expect(lookupCountry('8.8.8.8')).toBe('US');
  });

  it('puts loopback and private addresses in no country', () => {
    for (const ip of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.5', '::ffff:127.0.0.1', 'junk']) {
      expect([ip, lookupCountry(ip)]).toEqual([ip, null]);
    }
  });

  it('prefers the override, then a configured header, then the address', () => {
    const lookup = (): string => 'US';
    const source = { ip: '8.8.8.8', headers: { 'cf-ipcountry': 'in' } };
    expect(visitorCountry(source, { ...none, countryOverride: 'DE' }, lookup)).toBe('DE');
    expect(visitorCountry(source, { ...none, countryHeader: 'cf-ipcountry' }, lookup)).toBe('IN');
    expect(visitorCountry(source, none, lookup)).toBe('US');
  });

  it('falls back to the address when the header is missing or not a country', () => {
    const config = { ...none, countryHeader: 'cf-ipcountry' };
    const lookup = (): string => 'US';
    for (const value of [undefined, '', 'XX', 'T1', 'India', '<b>']) {
      expect(
        visitorCountry({ ip: '8.8.8.8', headers: { 'cf-ipcountry': value } }, config, lookup),
      ).toBe('US');
    }
    expect(visitorCountry({ ip: undefined, headers: {} }, none)).toBeNull();
  });
});
