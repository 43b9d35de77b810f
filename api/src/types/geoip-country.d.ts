// geoip-country ships no types; the one call the API makes.
declare module 'geoip-country' {
  type Lookup = { country: string } | null;
  const geoip: { lookup: (ip: string) => Lookup };
  export default geoip;
}
