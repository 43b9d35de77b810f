// Each piece of knowledge that crosses the wire has one home, the contracts package. This test
// fails when a second copy appears in the code: a profession list, the list of remotes, a wire
// type declared again. (Tests may name single values; they are not copies of the list.)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

const codeFiles = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js', '*.cjs'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean)
  .filter((file) => !/\.(test|spec|e2e-spec)\.[cm]?[jt]sx?$/.test(file))
  .filter((file) => !file.startsWith('contracts/'));

type Marker = { what: string; pattern: RegExp; allowed?: RegExp };

const MARKERS: Marker[] = [
  { what: 'a profession list', pattern: /['"]procurement specialist['"]/ },
  { what: 'a profession list', pattern: /['"]Corporate \/ Office Professional['"]/ },
  { what: 'a profession list', pattern: /['"]logistics professional['"]/ },
  // Two remotes' variables in one file: a list of remotes.
  { what: 'the list of remotes', pattern: /^(?=[\s\S]*MFE_TEXT_OCR_)(?=[\s\S]*MFE_BILLING_)/ },
  {
    what: 'the list of remotes',
    pattern: /^(?=[\s\S]*['"]mfeTextOcr['"])(?=[\s\S]*['"]mfeBilling['"])/,
  },
  { what: 'the extract response type', pattern: /\bextractedText\??:\s*string\b/ },
  { what: 'the inbox message type', pattern: /\btype InboxMessage\s*=/ },
  { what: 'the plan type union', pattern: /['"]Free user['"]\s*\|\s*['"]Pro Weekly['"]/ },
  { what: 'the language option type', pattern: /\btype LanguageOption\s*=/ },
  { what: 'the ad click ids', pattern: /['"](gclid|msclkid)['"]/ },
  { what: 'the ad-click storage key', pattern: /['"]ads_click['"]/ },
  { what: 'the surfaces list', pattern: /\[\s*['"]text-ocr['"]\s*,\s*['"]sheets-addon['"]\s*\]/ },
];

describe('one home for wire knowledge (the contracts package)', () => {
  const sources = codeFiles.map((file) => ({
    file,
    text: readFileSync(path.join(root, file), 'utf8'),
  }));

  it('reads the code it checks', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.some((s) => s.file.startsWith('api/src/'))).toBe(true);
  });

  it.each(MARKERS.map((m) => [m.what, m] as const))('has no second copy of %s', (_what, marker) => {
    const copies = sources
      .filter((s) => marker.pattern.test(s.text) && !marker.allowed?.test(s.file))
      .map((s) => s.file);
    expect(copies).toEqual([]);
  });

  it('finds a copy when one is there (the check itself works)', () => {
    const copies = [
      "export const PROFESSIONS = ['student', 'procurement specialist'];",
      'const urls = [env.MFE_TEXT_OCR_URL, env.MFE_SHEETS_ADDON_URL, env.MFE_BILLING_URL];',
      'type Reply = { extractedText: string };',
    ];
    for (const copy of copies) expect(MARKERS.some((m) => m.pattern.test(copy))).toBe(true);
  });
});
