// The signed-in headline, picked at random from 3 desktop or 4 mobile variants (spec §2).
export const DESKTOP_HEADLINES = [
  'Turn images and PDFs into clean, editable text',
  'Extract text from photos, scans and PDFs in seconds',
  'From picture to text: neat, private, ad-free',
] as const;

export const MOBILE_HEADLINES = [
  'Snap it. Extract it.',
  'Photos to text in seconds',
  'Your camera is now a scanner',
  'Scan, extract, copy',
] as const;

export function pickHeadline(mobile: boolean, random: () => number = Math.random): string {
  const list: readonly string[] = mobile ? MOBILE_HEADLINES : DESKTOP_HEADLINES;
  return list[Math.floor(random() * list.length)] ?? list[0] ?? '';
}
