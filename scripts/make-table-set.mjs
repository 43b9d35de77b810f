// `npm run make:table-set -- [--seed N] [--out DIR] [--kinds digital,scan,photo] [--only CASES]`:
// renders the table set issue 21 (item 5) tunes and reports the table reader on, from real tabular
// text every Debian system has, with exact ground truth, in the layout `npm run bench:tables DIR`
// reads:
//   DIR/manifest.json   [{ case, file, kind, category, pages, expected: [CSV...], invoice: JSON|null }]
//   DIR/params.json     what was drawn for each case, and the sources' checksums
//   DIR/KIND/CASE.{pdf,jpg}, CASE.csv (the expected table), CASE.2.csv (a second table on the
//   page), CASE.invoice.json (an invoice's fields and whether its totals add up)
//
// Tune on one seed, report on another (issue 21): never commit a set (they are made in seconds).
//   npm run make:table-set -- --seed 1 --out /tmp/tables-seed1   # tuning set
//   npm run make:table-set -- --seed 2 --out /tmp/tables-seed2   # held-out set: final runs only
//
// Each case draws from its own seeded PRNG (mulberry32 seeded from a hash of "seed:case"), PDFs are
// written uncompressed with a fixed creation date and sharp runs one thread, so one seed gives
// byte-identical files on one machine (same fonts, same Debian files, same poppler and libvips).
//
// Kinds and categories:
//   digital/  ruled       full grid, some cells wrapped over two or three lines inside their cell
//             unruled     columns aligned by position only, sometimes a rule under the header
//             multi-page  one table over 2-3 pages, its header repeated on each page (the CSV is
//                         the joined table, its header once)
//             two-tables  two tables with different columns on one page (CASE.csv, CASE.2.csv)
//             rtl         a right-to-left table: Hebrew and Arabic month or day names (see RTL below)
//             invoice     vendor, number, date, currency, line items, subtotal, tax, total, amount
//                         due; values as printed ("$1,234.50"); one invoice per seed deliberately
//                         states a total its line items do not add up to (totalsMatch: false)
//   scan/     every digital case's pages rasterised at 200 dpi by pdftoppm, turned 0.5-2°, blurred
//             a little, JPEG quality 65-75, in an image-only PDF of the same page size
//   photo/    every one-page digital case photographed: the page in perspective on a dark table
//             top, uneven light, sensor noise, blur, JPEG 70-85 (a .jpg, no EXIF)
// Texts: /usr/share/zoneinfo/zone1970.tab and iso3166.tab (tzdata), /etc/services (netbase),
// /usr/share/i18n/SUPPORTED and the he_IL, ar_EG and en_US locale sources (locales); the invoices'
// vendors and line items are made up (an invoice is synthetic by nature), their sums exact.
//
// RTL: pdfkit (fontkit) shapes a right-to-left run and lays its glyphs out in visual order, and
// its ToUnicode map lets pdftotext give the text back in logical order. Every right-to-left cell is
// one word, because fontkit drops the space between the words of one right-to-left run. The
// expected CSV holds each cell in logical (Unicode reading) order and the columns in the order they
// stand on the page from left to right, as Tabula and pdftotext give them; the table itself is laid
// out right to left (its number column on the right, its header in Hebrew).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import PDFDocument from 'pdfkit';
import * as prettier from 'prettier';
import sharp from 'sharp';
import { homography, makeRng } from './lib/synthetic.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: opts } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    kinds: { type: 'string', default: 'digital,scan,photo' },
    only: { type: 'string' },
  },
});
const seed = Number(opts.seed);
const kinds = new Set(opts.kinds.split(','));
if (!Number.isInteger(seed) || [...kinds].some((k) => !['digital', 'scan', 'photo'].includes(k))) {
  console.error(
    'Usage: make-table-set.mjs [--seed N] [--out DIR] [--kinds digital,scan,photo] [--only CASE,...]',
  );
  process.exit(2);
}
const outDir = path.resolve(opts.out ?? path.join(root, '.table-set', `seed-${seed}`));

sharp.concurrency(1);
sharp.cache(false);

// ---- seeded randomness ----------------------------------------------------------------------

// ---- sources ----------------------------------------------------------------------------------

const SOURCES = {
  zone1970: '/usr/share/zoneinfo/zone1970.tab',
  iso3166: '/usr/share/zoneinfo/iso3166.tab',
  services: '/etc/services',
  supported: '/usr/share/i18n/SUPPORTED',
  he_IL: '/usr/share/i18n/locales/he_IL',
  ar_EG: '/usr/share/i18n/locales/ar_EG',
  en_US: '/usr/share/i18n/locales/en_US',
};
const raw = Object.fromEntries(
  Object.entries(SOURCES).map(([id, file]) => [id, readFileSync(file, 'utf8')]),
);
const dataLines = (text) => text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));

// zone1970.tab: country codes, coordinates, TZ name, comment (optional).
const zones = dataLines(raw.zone1970).map((l) => {
  const [codes, coordinates, tz, comment = ''] = l.split('\t');
  return { codes, coordinates, tz, comment };
});
// iso3166.tab: code, country name.
const countries = dataLines(raw.iso3166).map((l) => {
  const [code, name] = l.split('\t');
  const own = zones.filter((z) => z.codes.split(',').includes(code)).map((z) => z.tz);
  return { code, name, zones: own };
});
// /etc/services: name, port/protocol, aliases, # comment.
const services = dataLines(raw.services).map((l) => {
  const [body, ...comment] = l.split('#');
  const [name, portProto, ...aliases] = body.trim().split(/\s+/);
  const [port, protocol] = portProto.split('/');
  return { name, port, protocol, aliases: aliases.join(' '), comment: comment.join('#').trim() };
});
// SUPPORTED: locale and charset.
const locales = dataLines(raw.supported).map((l) => {
  const [locale, charset] = l.trim().split(/\s+/);
  return { locale, charset };
});

/** One LC_TIME list (mon, day, ...) of a glibc locale source, <Uxxxx> decoded. */
function localeList(text, key) {
  const joined = text.replace(/\/\n\s*/g, '');
  const line = joined.split('\n').find((l) => l.startsWith(`${key} `) || l.startsWith(`${key}\t`));
  if (!line) throw new Error(`no ${key} in a locale source`);
  return [...line.matchAll(/"([^"]*)"/g)].map((m) =>
    m[1].replace(/<U([0-9A-F]{4,5})>/g, (_, hex) => String.fromCodePoint(parseInt(hex, 16))),
  );
}

// ---- fonts and PDF drawing --------------------------------------------------------------------

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FONTS = [
  { family: 'DejaVu Sans', regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' },
  { family: 'DejaVu Serif', regular: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf' },
  {
    family: 'DejaVu Sans Condensed',
    regular: 'DejaVuSansCondensed.ttf',
    bold: 'DejaVuSansCondensed-Bold.ttf',
  },
];
const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = 50;
const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

function newDoc() {
  // Uncompressed, with a fixed date (the file ID is derived from it): the same bytes every run.
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    autoFirstPage: false,
    info: { CreationDate: FIXED_DATE, ModDate: FIXED_DATE, Producer: 'make-table-set' },
  });
}

function pdfBytes(doc) {
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.end();
  return done;
}

function useFont(doc, font, size, bold = false) {
  doc.font(path.join(FONT_DIR, bold ? font.bold : font.regular)).fontSize(size);
}

/**
 * Lines of `text` set within `width` at the current font: words kept whole (a word wider than the
 * cell would be split by pdfkit, so cells are made at least as wide as their longest word).
 */
function wrapLines(doc, text, width) {
  const words = text.split(' ');
  const lines = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && doc.widthOfString(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

/**
 * A table drawn at (x, y): `columns` [{ width, align }], `rows` of cell strings (row 0 the
 * header), ruled (a full grid) or not (a rule under the header only when `underline`). Each cell's
 * lines are drawn one by one, so a wrapped cell's text is exactly its words joined by spaces.
 * Returns the y below the table.
 */
function drawTable(doc, { x, y, columns, rows, font, size, ruled, underline, header = true }) {
  const pad = ruled ? 3 : 2;
  const gap = ruled ? 0 : 14; // unruled columns are kept apart by white space alone
  const lineHeight = size * 1.25;
  let top = y;
  const rowTops = [];
  rows.forEach((row, r) => {
    const bold = header && r === 0;
    useFont(doc, font, size, bold);
    const cellLines = row.map((cell, c) =>
      cell === '' ? [''] : wrapLines(doc, cell, columns[c].width - 2 * pad),
    );
    const height = Math.max(...cellLines.map((l) => l.length)) * lineHeight + 2 * pad;
    let left = x;
    cellLines.forEach((lines, c) => {
      const { width, align = 'left' } = columns[c];
      lines.forEach((line, i) => {
        const w = doc.widthOfString(line);
        const tx =
          align === 'right'
            ? left + width - pad - w
            : align === 'center'
              ? left + (width - w) / 2
              : left + pad;
        doc.text(line, tx, top + pad + i * lineHeight, { lineBreak: false });
      });
      left += width + gap;
    });
    rowTops.push(top);
    top += height;
  });
  const totalWidth = columns.reduce((s, c) => s + c.width, 0) + gap * (columns.length - 1);
  // A table running off the page would be cut there: its truth could not be read back.
  if (
    x < MARGIN / 2 ||
    x + totalWidth > PAGE.width - MARGIN / 2 ||
    top > PAGE.height - MARGIN / 2
  ) {
    throw new Error(`a table ${Math.round(totalWidth)} pt wide does not fit the page`);
  }
  doc.lineWidth(ruled ? 0.6 : 0.8).strokeColor('#000000');
  if (ruled) {
    for (const t of [...rowTops, top])
      doc
        .moveTo(x, t)
        .lineTo(x + totalWidth, t)
        .stroke();
    let left = x;
    for (const c of [{ width: 0 }, ...columns]) {
      left += c.width;
      doc.moveTo(left, y).lineTo(left, top).stroke();
    }
  } else if (underline && header) {
    doc
      .moveTo(x, rowTops[1])
      .lineTo(x + totalWidth, rowTops[1])
      .stroke();
  }
  return top;
}

/** Column widths that fit each column's text (at most `max` wide: longer cells wrap). */
function fitColumns(doc, rows, { font, size, max = Infinity, pad = 3 }) {
  return rows[0].map((_, c) => {
    let widest = 0;
    let longestWord = 0;
    rows.forEach((row, r) => {
      useFont(doc, font, size, r === 0);
      const cell = row[c] ?? '';
      widest = Math.max(widest, doc.widthOfString(cell));
      for (const w of cell.split(' ')) longestWord = Math.max(longestWord, doc.widthOfString(w));
    });
    return Math.ceil(Math.max(longestWord, Math.min(widest, max)) + 2 * pad + 1);
  });
}

function title(doc, font, text, y, size = 13) {
  useFont(doc, font, size, true);
  doc.text(text, MARGIN, y, { lineBreak: false });
  return y + size * 2;
}

const slice = (rng, list, lo, hi, keep = () => true) => {
  const pool = list.filter(keep);
  const n = Math.min(rng.int(lo, hi), pool.length);
  const start = rng.int(0, pool.length - n);
  return pool.slice(start, start + n);
};

// ---- the digital cases ------------------------------------------------------------------------

/** Each case builder: (rng) → { pdf, tables: [rows...], pages, invoice?, params }. */
const BUILDERS = {
  // Time zones with their comments (zone1970.tab), or countries with their zones (iso3166.tab +
  // zone1970.tab): a narrow last column makes the long cells wrap inside the grid.
  async ruled(rng, variant) {
    const font = rng.pick(FONTS);
    const size = Number(rng.range(8, 9.5).toFixed(1));
    const doc = newDoc();
    doc.addPage();
    let rows;
    let heading;
    if (variant === 0) {
      const picked = slice(rng, zones, 14, 20, (z) => z.codes.length <= 20);
      // At least two long comments, so that some cells wrap.
      if (picked.filter((z) => z.comment.length > 30).length < 2) {
        const long = zones.filter((z) => z.comment.length > 30 && z.codes.length <= 20);
        picked.splice(2, 1, long[rng.int(0, long.length - 1)]);
        picked.splice(7, 1, long[rng.int(0, long.length - 1)]);
      }
      rows = [
        ['Codes', 'Coordinates', 'TZ', 'Comments'],
        ...picked.map((z) => [z.codes, z.coordinates, z.tz, z.comment]),
      ];
      heading = 'Time zones (tzdata zone1970.tab)';
    } else {
      const picked = slice(rng, countries, 12, 18, (c) => c.zones.length > 0);
      if (!picked.some((c) => c.zones.length > 3)) {
        const many = countries.filter((c) => c.zones.length > 3);
        picked.splice(4, 1, many[rng.int(0, many.length - 1)]);
      }
      rows = [
        ['Code', 'Country', 'Zones', 'Time zones'],
        ...picked.map((c) => [c.code, c.name, String(c.zones.length), c.zones.join(', ')]),
      ];
      heading = 'Countries and their time zones';
    }
    const widths = fitColumns(doc, rows, { font, size });
    const last = widths.length - 1;
    const room = PAGE.width - 2 * MARGIN - widths.slice(0, last).reduce((a, b) => a + b, 0);
    // Narrower than the second-widest cell of the last column, so that at least two cells wrap.
    useFont(doc, font, size);
    const cellWidths = rows
      .slice(1)
      .map((r) => doc.widthOfString(r[last]))
      .sort((p, q) => q - p);
    widths[last] = Math.floor(Math.min(room, (cellWidths[1] ?? room) * rng.range(0.5, 0.8)) + 6);
    // Never narrower than its longest word.
    widths[last] = Math.max(
      widths[last],
      fitColumns(
        doc,
        rows.map((r) => [r[last].split(' ').reduce((a, b) => (a.length > b.length ? a : b), '')]),
        { font, size },
      )[0],
    );
    const columns = widths.map((width, c) => ({
      width,
      align: variant === 1 && c === 2 ? 'right' : 'left',
    }));
    let y = title(doc, font, heading, MARGIN);
    y = drawTable(doc, { x: MARGIN, y, columns, rows, font, size, ruled: true });
    useFont(doc, font, 7);
    doc.text(
      `Source: ${variant === 0 ? SOURCES.zone1970 : `${SOURCES.iso3166}, ${SOURCES.zone1970}`}`,
      MARGIN,
      y + 12,
      { lineBreak: false },
    );
    return {
      pdf: await pdfBytes(doc),
      tables: [rows],
      pages: 1,
      params: { font: font.family, size, widths, variant },
    };
  },

  // Network services (/etc/services) or time zones without comments, columns aligned by position.
  async unruled(rng, variant) {
    const font = rng.pick(FONTS);
    const size = Number(rng.range(8.5, 10).toFixed(1));
    const underline = rng.next() < 0.5;
    const doc = newDoc();
    doc.addPage();
    let rows;
    let columns;
    let heading;
    if (variant === 0) {
      const picked = slice(
        rng,
        services,
        16,
        24,
        (s) => s.comment.length < 45 && s.aliases.length < 24,
      );
      rows = [
        ['Service', 'Port', 'Protocol', 'Aliases', 'Description'],
        ...picked.map((s) => [s.name, s.port, s.protocol, s.aliases, s.comment]),
      ];
      heading = 'Network services (/etc/services)';
      columns = fitColumns(doc, rows, { font, size, pad: 2 }).map((width, c) => ({
        width,
        align: c === 1 ? 'right' : 'left',
      }));
    } else {
      const picked = slice(rng, zones, 18, 26, (z) => z.codes.length <= 20);
      rows = [['Codes', 'Coordinates', 'TZ'], ...picked.map((z) => [z.codes, z.coordinates, z.tz])];
      heading = 'Time zone locations';
      columns = fitColumns(doc, rows, { font, size, pad: 2 }).map((width) => ({ width }));
    }
    const y = title(doc, font, heading, MARGIN);
    drawTable(doc, { x: MARGIN, y, columns, rows, font, size, ruled: false, underline });
    return {
      pdf: await pdfBytes(doc),
      tables: [rows],
      pages: 1,
      params: { font: font.family, size, underline, variant },
    };
  },

  // ISO 3166 countries with their zone count and first zone, over two or three pages.
  async 'multi-page'(rng) {
    const font = rng.pick(FONTS);
    const size = Number(rng.range(9, 10.5).toFixed(1));
    const ruled = rng.next() < 0.5;
    const lineHeight = size * 1.25 + 2 * (ruled ? 3 : 2);
    const perPage = Math.floor((PAGE.height - 2 * MARGIN - 60) / lineHeight);
    const pages = rng.int(2, 3);
    // The last page holds at least a few rows, so the table truly continues.
    const body = slice(rng, countries, perPage * (pages - 1) + 4, perPage * pages - 1).map((c) => [
      c.code,
      c.name,
      String(c.zones.length),
      c.zones[0] ?? '',
    ]);
    const header = ['Code', 'Country', 'Zones', 'First time zone'];
    const doc = newDoc();
    const widths = fitColumns(doc, [header, ...body], { font, size });
    const columns = widths.map((width, c) => ({ width, align: c === 2 ? 'right' : 'left' }));
    const pageCount = Math.ceil(body.length / perPage);
    for (let p = 0; p < pageCount; p++) {
      doc.addPage();
      let y = MARGIN;
      if (p === 0) y = title(doc, font, 'ISO 3166 country codes and time zones', y);
      else y += 26;
      const rows = [header, ...body.slice(p * perPage, (p + 1) * perPage)];
      drawTable(doc, { x: MARGIN, y, columns, rows, font, size, ruled, underline: true });
      useFont(doc, font, 8);
      doc.text(`Page ${p + 1} of ${pageCount}`, MARGIN, PAGE.height - MARGIN + 10, {
        lineBreak: false,
      });
    }
    return {
      pdf: await pdfBytes(doc),
      tables: [[header, ...body]],
      pages: pageCount,
      params: { font: font.family, size, ruled, perPage },
    };
  },

  // Locales (SUPPORTED) above network services: different columns, one ruled, one maybe not.
  async 'two-tables'(rng) {
    const font = rng.pick(FONTS);
    const size = Number(rng.range(8.5, 10).toFixed(1));
    const secondRuled = rng.next() < 0.5;
    const doc = newDoc();
    doc.addPage();
    const first = [
      ['Locale', 'Charset'],
      ...slice(rng, locales, 8, 12).map((l) => [l.locale, l.charset]),
    ];
    const second = [
      ['Service', 'Port', 'Protocol'],
      ...slice(rng, services, 8, 12).map((s) => [s.name, s.port, s.protocol]),
    ];
    let y = title(doc, font, 'Supported locales', MARGIN);
    y = drawTable(doc, {
      x: MARGIN,
      y,
      columns: fitColumns(doc, first, { font, size }).map((width) => ({ width })),
      rows: first,
      font,
      size,
      ruled: true,
    });
    useFont(doc, font, size);
    doc.text(
      'The locales above are those glibc can generate; the services below are well-known ports.',
      MARGIN,
      y + 14,
      { lineBreak: false },
    );
    y = title(doc, font, 'Network services', y + 44);
    const columns = fitColumns(doc, second, { font, size }).map((width, c) => ({
      width,
      align: c === 1 ? 'right' : 'left',
    }));
    drawTable(doc, {
      x: MARGIN,
      y,
      columns,
      rows: second,
      font,
      size,
      ruled: secondRuled,
      underline: true,
    });
    return {
      pdf: await pdfBytes(doc),
      tables: [first, second],
      pages: 1,
      params: { font: font.family, size, secondRuled },
    };
  },

  // Month or day names in Hebrew (he_IL) and Arabic (ar_EG) beside English (en_US), laid out right
  // to left. Only one-word names are used (see RTL in the header comment).
  async rtl(rng) {
    const font = FONTS[rng.int(0, 1)]; // DejaVu Sans and Serif both have Hebrew; Arabic falls to Sans
    const size = Number(rng.range(10, 12).toFixed(1));
    // Month names: the day names' Arabic has lam-alef ligatures, whose ToUnicode entry pdfkit
    // writes with the two letters swapped (pdftotext reads الأحد as األحد), so a text layer could
    // never give them back right.
    const key = 'mon';
    const he = localeList(raw.he_IL, key);
    const ar = localeList(raw.ar_EG, key);
    const en = localeList(raw.en_US, key);
    const oneWord = (s) => !/\s/.test(s) && !/\u0644[\u0622\u0623\u0625\u0627]/.test(s);
    // A few months left out at random, so that seeds differ.
    const drop = new Set(Array.from({ length: rng.int(0, 3) }, () => rng.int(0, 11)));
    // Columns as printed from left to right: English, Arabic, Hebrew, number (on the right).
    const header = ['אנגלית', 'ערבית', 'עברית', 'מספר'];
    const body = he
      .map((name, i) => [en[i], ar[i], name, String(i + 1)])
      .filter((row, i) => row.every(oneWord) && !drop.has(i));
    const rows = [header, ...body];
    const doc = newDoc();
    doc.addPage();
    const sans = FONTS[0];
    // Arabic needs DejaVu Sans (the Serif has no Arabic): the whole table in Sans, title in `font`.
    const widths = fitColumns(doc, rows, { font: sans, size });
    const columns = widths.map((width) => ({ width: width + 6, align: 'right' }));
    const total = columns.reduce((s, c) => s + c.width, 0);
    const x = PAGE.width - MARGIN - total - 14 * (columns.length - 1);
    useFont(doc, sans, 13, true); // DejaVu Serif Bold has no Hebrew
    const heading = 'חודשים'; // one word: see RTL above
    const tw = doc.widthOfString(heading);
    doc.text(heading, PAGE.width - MARGIN - tw, MARGIN, { lineBreak: false });
    const ruled = rng.next() < 0.5;
    drawTable(doc, {
      x: ruled ? x + 14 * (columns.length - 1) : x,
      y: MARGIN + 30,
      columns,
      rows,
      font: sans,
      size,
      ruled,
      underline: true,
    });
    return {
      pdf: await pdfBytes(doc),
      tables: [rows],
      pages: 1,
      params: {
        font: font.family,
        size,
        dropped: [...drop],
        ruled,
        columnOrder: 'left-to-right as printed; cells in logical order',
      },
    };
  },

  async invoice(rng, variant, { mismatch }) {
    return makeInvoice(rng, variant, mismatch);
  },
};

// ---- invoices ---------------------------------------------------------------------------------

const VENDORS = [
  { name: 'Northwind Office Supply Ltd.', address: ['12 Harbour Road', 'Bristol BS1 4DJ'] },
  { name: 'Kestrel Data Services GmbH', address: ['Lindenstraße 41', '10969 Berlin'] },
  {
    name: 'Bluegate Print & Copy Inc.',
    address: ['800 Market Street, Suite 210', 'San Francisco, CA 94102'],
  },
  { name: 'Orchard Lane Catering', address: ['3 Orchard Lane', 'Cork T12 X2Y3'] },
  { name: 'Halvorsen Electrical AS', address: ['Storgata 18', '0184 Oslo'] },
];
const CUSTOMERS = [
  'Acme Widgets Ltd.',
  'Riverside Dental Clinic',
  'Tallis & Byrd Architects',
  'Pinecrest School',
];
const ITEMS = [
  ['A4 copier paper, 80 g/m², box of 5 reams', 18, 45],
  ['Toner cartridge, black', 40, 120],
  ['Network switch, 24 ports', 150, 420],
  ['On-site support (hours)', 45, 95],
  ['Cloud backup, monthly plan', 9, 60],
  ['Ergonomic office chair', 120, 390],
  ['Wireless keyboard and mouse set', 25, 80],
  ['Catering for 12 guests', 180, 420],
  ['Cable installation (metres)', 2, 6],
  ['Domain renewal, one year', 10, 30],
  ['Laptop docking station', 90, 260],
  ['Printed brochures, 500 copies', 60, 240],
];
const CURRENCIES = [
  { code: 'USD', format: (cents) => `${cents < 0 ? '-' : ''}$${money(Math.abs(cents), ',', '.')}` },
  { code: 'EUR', format: (cents) => `${cents < 0 ? '-' : ''}€${money(Math.abs(cents), ',', '.')}` },
  { code: 'GBP', format: (cents) => `${cents < 0 ? '-' : ''}£${money(Math.abs(cents), ',', '.')}` },
];

function money(cents, thousands, decimal) {
  const whole = Math.floor(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${cents < 0 ? '-' : ''}${whole}${decimal}${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

const MONTHS = localeList(raw.en_US, 'mon');

async function makeInvoice(rng, variant, mismatch) {
  const font = rng.pick(FONTS);
  const size = Number(rng.range(9, 10.5).toFixed(1));
  const vendor = VENDORS[(variant + rng.int(0, VENDORS.length - 1)) % VENDORS.length];
  const currency = rng.pick(CURRENCIES);
  const number = `INV-${2024 + rng.int(0, 1)}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
  const day = rng.int(1, 28);
  const month = rng.int(1, 12);
  const date =
    rng.next() < 0.5
      ? `${2024}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
      : `${day} ${MONTHS[month - 1]} 2024`;
  const picked = [...ITEMS].sort(() => rng.next() - 0.5).slice(0, rng.int(3, 7));
  const lines = picked.map(([description, lo, hi]) => {
    const qty = rng.int(1, 12);
    const unit = rng.int(lo * 100, hi * 100) - (rng.next() < 0.5 ? rng.int(0, 99) : 0);
    return { description, qty, unit, amount: qty * unit };
  });
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const rate = rng.pick([5, 7, 10, 19, 20]);
  const tax = Math.round((subtotal * rate) / 100);
  let total = subtotal + tax;
  // The deliberate mistake: the stated total is off by a plausible slip (a transposed digit or a
  // line left out), the line items and subtotal are right.
  let mistake = null;
  if (mismatch) {
    const delta = rng.next() < 0.5 ? lines[lines.length - 1].amount : rng.int(1, 9) * 900;
    total -= delta;
    mistake = `stated total is ${currency.format(total)}, the subtotal plus tax is ${currency.format(subtotal + tax)}`;
  }
  const paid = rng.next() < 0.3 ? Math.round(total * rng.pick([0.25, 0.5])) : 0;
  const due = total - paid;
  const f = currency.format;

  const doc = newDoc();
  doc.addPage();
  useFont(doc, font, 16, true);
  doc.text(vendor.name, MARGIN, MARGIN, { lineBreak: false });
  useFont(doc, font, 9);
  vendor.address.forEach((l, i) => doc.text(l, MARGIN, MARGIN + 22 + i * 12, { lineBreak: false }));
  useFont(doc, font, 20, true);
  doc.text('INVOICE', PAGE.width - MARGIN - doc.widthOfString('INVOICE'), MARGIN, {
    lineBreak: false,
  });
  const meta = [
    ['Invoice number:', number],
    ['Invoice date:', date],
    ['Currency:', currency.code],
  ];
  useFont(doc, font, size);
  meta.forEach(([k, v], i) => {
    const y = MARGIN + 34 + i * (size * 1.5);
    doc.text(k, PAGE.width - MARGIN - 200, y, { lineBreak: false });
    doc.text(v, PAGE.width - MARGIN - doc.widthOfString(v), y, { lineBreak: false });
  });
  useFont(doc, font, size, true);
  doc.text('Bill to:', MARGIN, MARGIN + 100, { lineBreak: false });
  useFont(doc, font, size);
  doc.text(rng.pick(CUSTOMERS), MARGIN, MARGIN + 100 + size * 1.4, { lineBreak: false });

  const rows = [
    ['Description', 'Qty', 'Unit price', 'Amount'],
    ...lines.map((l) => [l.description, String(l.qty), f(l.unit), f(l.amount)]),
  ];
  const ruled = rng.next() < 0.5;
  const widths = fitColumns(doc, rows, { font, size });
  const room = PAGE.width - 2 * MARGIN - (ruled ? 0 : 14 * 3);
  widths[0] = room - widths.slice(1).reduce((a, b) => a + b, 0);
  const columns = widths.map((width, c) => ({ width, align: c === 0 ? 'left' : 'right' }));
  let y = drawTable(doc, {
    x: MARGIN,
    y: MARGIN + 150,
    columns,
    rows,
    font,
    size,
    ruled,
    underline: true,
  });
  const totals = [
    ['Subtotal', f(subtotal)],
    [`Tax (${rate}%)`, f(tax)],
    ['Total', f(total)],
    ...(paid ? [['Paid', f(-paid)]] : []),
    ['Amount due', f(due)],
  ];
  y += 16;
  totals.forEach(([k, v], i) => {
    const bold = k === 'Total' || k === 'Amount due';
    useFont(doc, font, size, bold);
    doc.text(k, PAGE.width - MARGIN - 190, y + i * size * 1.6, { lineBreak: false });
    doc.text(v, PAGE.width - MARGIN - doc.widthOfString(v) - 3, y + i * size * 1.6, {
      lineBreak: false,
    });
  });
  useFont(doc, font, 8);
  doc.text(
    `Please pay within 30 days quoting ${number}. Thank you for your business.`,
    MARGIN,
    PAGE.height - MARGIN - 20,
    { lineBreak: false },
  );
  return {
    pdf: await pdfBytes(doc),
    tables: [rows],
    pages: 1,
    invoice: {
      fields: {
        vendor: vendor.name,
        invoiceNumber: number,
        invoiceDate: date,
        currency: currency.code,
        subtotal: f(subtotal),
        tax: f(tax),
        total: f(total),
        amountDue: f(due),
      },
      totalsMatch: !mismatch,
      ...(mistake ? { mistake } : {}),
    },
    params: { font: font.family, size, ruled, rate, paid: paid ? f(paid) : null },
  };
}

// ---- scans and photos -------------------------------------------------------------------------

const clamp = (v) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** The pages of a PDF as greyscale PNGs at `dpi`, by poppler (as a scanner would see them). */
function rasterise(pdf, dpi) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'table-set-'));
  try {
    writeFileSync(path.join(tmp, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-gray',
      '-png',
      path.join(tmp, 'in.pdf'),
      path.join(tmp, 'p'),
    ]);
    return readdirSync(tmp)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => readFileSync(path.join(tmp, f)));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function scanPage(rng, png) {
  const meta = await sharp(png).metadata();
  const angle = Number((rng.sign() * rng.range(0.5, 2)).toFixed(2));
  const blur = Number(rng.range(0.5, 1).toFixed(2));
  const quality = rng.int(65, 75);
  const paper = rng.int(236, 252);
  const turned = await sharp(png)
    .linear(paper / 255, 0)
    .rotate(angle, { background: { r: paper, g: paper, b: paper } })
    .png()
    .toBuffer();
  const t = await sharp(turned).metadata();
  // Back to the page's own size, centred: a scanner's bed does not grow.
  const jpeg = await sharp(turned)
    .extract({
      left: Math.floor((t.width - meta.width) / 2),
      top: Math.floor((t.height - meta.height) / 2),
      width: meta.width,
      height: meta.height,
    })
    .blur(blur)
    .toColourspace('b-w')
    .jpeg({ quality })
    .toBuffer();
  return { jpeg, params: { angle, blur, quality, paper } };
}

/** An image-only PDF: each JPEG fills an A4 page. */
async function imagePdf(jpegs) {
  const doc = newDoc();
  for (const jpeg of jpegs) {
    doc.addPage({ size: 'A4', margin: 0 });
    doc.image(jpeg, 0, 0, { width: PAGE.width, height: PAGE.height });
  }
  return pdfBytes(doc);
}

/**
 * A phone photo of a page (greyscale PNG): the sheet in perspective (each corner pulled in by a
 * drawn amount, as a camera held at a slant sees it) on a dark table top, light falling off across
 * the frame, noise, blur, JPEG.
 */
async function photoPage(rng, png) {
  const sheet = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  if (sheet.info.channels !== 1) throw new Error('a page raster must be one channel');
  const sw = sheet.info.width;
  const sh = sheet.info.height;
  const width = Math.round(sw * rng.range(1.05, 1.2));
  const height = Math.round(sh * rng.range(1.05, 1.15));
  const ox = (width - sw) / 2;
  const oy = (height - sh) / 2;
  // The far edge (top or bottom) narrower than the near one, plus a little jitter per corner.
  const squeeze = rng.range(0.04, 0.12) * sw;
  const far = rng.next() < 0.5 ? 'top' : 'bottom';
  const jitter = () => rng.gauss() * 0.01 * sw;
  const corners = [
    [ox + (far === 'top' ? squeeze : 0) + jitter(), oy + jitter()],
    [ox + sw - (far === 'top' ? squeeze : 0) + jitter(), oy + jitter()],
    [ox + sw - (far === 'bottom' ? squeeze : 0) + jitter(), oy + sh + jitter()],
    [ox + (far === 'bottom' ? squeeze : 0) + jitter(), oy + sh + jitter()],
  ];
  const h = homography(corners, [
    [0, 0],
    [sw - 1, 0],
    [sw - 1, sh - 1],
    [0, sh - 1],
  ]);
  const base = rng.pick([
    [70, 45, 30],
    [40, 40, 45],
    [95, 70, 50],
  ]);
  const tint = rng.pick([
    [250, 248, 242],
    [244, 244, 240],
    [252, 247, 232],
  ]);
  const angle = rng.range(0, 2 * Math.PI);
  const gradient = rng.range(0.15, 0.4);
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const span = Math.abs(dx) * width + Math.abs(dy) * height;
  const noise = rng.range(2, 5);
  const out = Buffer.alloc(width * height * 3);
  const src = sheet.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const along = (x * dx + y * dy - Math.min(0, dx * width) - Math.min(0, dy * height)) / span;
      const light = 1 - gradient * along;
      const d = h[6] * x + h[7] * y + h[8];
      const u = (h[0] * x + h[1] * y + h[2]) / d;
      const v = (h[3] * x + h[4] * y + h[5]) / d;
      const o = (y * width + x) * 3;
      const n = rng.gauss() * noise;
      if (u < 0 || v < 0 || u > sw - 1 || v > sh - 1) {
        for (let c = 0; c < 3; c++) out[o + c] = clamp(base[c] * light + n);
        continue;
      }
      const x0 = Math.min(Math.floor(u), sw - 2);
      const y0 = Math.min(Math.floor(v), sh - 2);
      const fx = u - x0;
      const fy = v - y0;
      const g =
        (src[y0 * sw + x0] * (1 - fx) * (1 - fy) +
          src[y0 * sw + x0 + 1] * fx * (1 - fy) +
          src[(y0 + 1) * sw + x0] * (1 - fx) * fy +
          src[(y0 + 1) * sw + x0 + 1] * fx * fy) /
        255;
      for (let c = 0; c < 3; c++) out[o + c] = clamp((tint[c] * g + 30 * (1 - g)) * light + n);
    }
  }
  const blur = Number(rng.range(0.6, 1.1).toFixed(2));
  const quality = rng.int(70, 85);
  const jpeg = await sharp(out, { raw: { width, height, channels: 3 } })
    .blur(blur)
    .jpeg({ quality })
    .toBuffer();
  return {
    jpeg,
    params: {
      width,
      height,
      corners: corners.map(([x, y]) => [Math.round(x), Math.round(y)]),
      gradient,
      blur,
      quality,
    },
  };
}

// ---- output -----------------------------------------------------------------------------------

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; LF records. */
const csvField = (s) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const toCsv = (rows) => rows.map((r) => r.map(csvField).join(',')).join('\n') + '\n';

async function writeJson(file, value) {
  writeFileSync(file, await prettier.format(JSON.stringify(value), { parser: 'json' }));
}

// The cases of one seed: [name, builder, variant]. The mismatching invoice is drawn per seed.
const CASES = [
  ['ruled-1', 'ruled', 0],
  ['ruled-2', 'ruled', 1],
  ['unruled-1', 'unruled', 0],
  ['unruled-2', 'unruled', 1],
  ['multi-page-1', 'multi-page', 0],
  ['two-tables-1', 'two-tables', 0],
  ['rtl-1', 'rtl', 0],
  ['invoice-1', 'invoice', 0],
  ['invoice-2', 'invoice', 1],
  ['invoice-3', 'invoice', 2],
];

async function makeSet() {
  const only = opts.only ? new Set(opts.only.split(',')) : null;
  rmSync(outDir, { recursive: true, force: true });
  for (const kind of kinds) mkdirSync(path.join(outDir, kind), { recursive: true });
  const mismatched = makeRng(`${seed}:mismatch`).int(1, 3);
  const manifest = [];
  const params = [];
  const started = Date.now();
  const counts = { digital: 0, scan: 0, photo: 0 };
  for (const [name, category, variant] of CASES) {
    if (only && !only.has(name)) continue;
    const built = await BUILDERS[category](makeRng(`${seed}:${name}`), variant, {
      mismatch: category === 'invoice' && name === `invoice-${mismatched}`,
    });
    const outputs = [];
    if (kinds.has('digital'))
      outputs.push({
        kind: 'digital',
        ext: 'pdf',
        bytes: built.pdf,
        pages: built.pages,
        params: {},
      });
    if (kinds.has('scan') || (kinds.has('photo') && built.pages === 1)) {
      const pngs = rasterise(built.pdf, 200);
      if (kinds.has('scan')) {
        const rng = makeRng(`${seed}:${name}:scan`);
        const scanned = [];
        for (const png of pngs) scanned.push(await scanPage(rng, png));
        outputs.push({
          kind: 'scan',
          ext: 'pdf',
          bytes: await imagePdf(scanned.map((s) => s.jpeg)),
          pages: pngs.length,
          params: { dpi: 200, pages: scanned.map((s) => s.params) },
        });
      }
      // A photo is of one page: only one-page cases are photographed.
      if (kinds.has('photo') && pngs.length === 1) {
        const shot = await photoPage(makeRng(`${seed}:${name}:photo`), pngs[0]);
        outputs.push({
          kind: 'photo',
          ext: 'jpg',
          bytes: shot.jpeg,
          pages: 1,
          params: shot.params,
        });
      }
    }
    for (const o of outputs) {
      const base = path.join(outDir, o.kind, name);
      writeFileSync(`${base}.${o.ext}`, o.bytes);
      const expected = built.tables.map(
        (_, i) => `${o.kind}/${name}${i === 0 ? '' : `.${i + 1}`}.csv`,
      );
      built.tables.forEach((rows, i) => writeFileSync(path.join(outDir, expected[i]), toCsv(rows)));
      let invoice = null;
      if (built.invoice) {
        invoice = `${o.kind}/${name}.invoice.json`;
        await writeJson(path.join(outDir, invoice), built.invoice);
      }
      manifest.push({
        case: `${o.kind}/${name}`,
        file: `${o.kind}/${name}.${o.ext}`,
        kind: o.kind,
        category,
        pages: o.pages,
        expected,
        invoice,
      });
      params.push({ case: `${o.kind}/${name}`, ...built.params, ...o.params });
      counts[o.kind]++;
    }
  }
  await writeJson(path.join(outDir, 'manifest.json'), manifest);
  await writeJson(path.join(outDir, 'params.json'), {
    seed,
    command: `npm run make:table-set -- --seed ${seed}`,
    mismatchedInvoice: `invoice-${mismatched}`,
    sharp: sharp.versions.sharp,
    vips: sharp.versions.vips,
    sources: Object.fromEntries(
      Object.entries(SOURCES).map(([id, file]) => [
        id,
        { file, sha256: createHash('sha256').update(raw[id]).digest('hex') },
      ]),
    ),
    cases: params,
  });
  console.log(
    `${manifest.length} cases (${Object.entries(counts)
      .filter(([k]) => kinds.has(k))
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}) in ${outDir} (seed ${seed}), ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

await makeSet();
