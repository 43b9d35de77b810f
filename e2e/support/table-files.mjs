// Files with tables for the browser tests and the add-on's demo recording, made when they run:
// a digital PDF drawn with pdfkit (the library that writes them in the wild) from rows whose cells
// are therefore known exactly, and its scan (pages rendered by poppler, turned a degree, blurred
// and saved as JPEG inside an image-only PDF). The API tests' TypeScript originals, which Node
// cannot import here, are api/src/testing/table-pdf.ts and table-image.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

export const SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** api/src/testing/table-image.ts's ORDER_TABLE: read cell for cell from a digital PDF and a scan. */
export const ORDER_TABLE = [
  ['Item', 'Quantity', 'Unit price', 'Amount'],
  ['Paper clips', '12', '0.45', '5.40'],
  ['Stapler', '2', '14.90', '29.80'],
  ['Printer paper', '5', '6.25', '31.25'],
  ['Envelopes', '200', '0.08', '16.00'],
  ['Ink cartridge', '3', '27.50', '82.50'],
];

const PAD = 4;

function collect(doc) {
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}

/**
 * An A4 PDF of one page: a heading, a ruled table (every cell boxed) at (x, y) with the given
 * column widths, and a line of prose under it.
 */
export function orderPdf({
  rows = ORDER_TABLE,
  heading = 'Order summary',
  x = 70,
  y = 120,
  widths = [150, 90, 110, 100],
  fontSize = 12,
} = {}) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    compress: false,
    info: { CreationDate: new Date('2025-01-01T00:00:00Z'), Producer: 'tests' },
  });
  const done = collect(doc);
  doc.font(SANS);
  doc.fontSize(18).text(heading, x, y - 60, { lineBreak: false });
  doc.fontSize(fontSize);
  const lefts = widths.map((_, i) => widths.slice(0, i).reduce((sum, w) => sum + w, x));
  const right = x + widths.reduce((sum, w) => sum + w, 0);
  const tops = [];
  let top = y;
  for (const row of rows) {
    tops.push(top);
    let height = fontSize * 1.2;
    row.forEach((cell, i) => {
      height = Math.max(height, doc.heightOfString(cell, { width: widths[i] - 2 * PAD }));
    });
    row.forEach((cell, i) => {
      doc.text(cell, lefts[i] + PAD, top + PAD, { width: widths[i] - 2 * PAD });
    });
    top += height + 2 * PAD;
  }
  tops.push(top);
  doc.lineWidth(0.8);
  for (const t of tops) doc.moveTo(x, t).lineTo(right, t).stroke();
  for (const left of [...lefts, right]) doc.moveTo(left, y).lineTo(left, top).stroke();
  doc.fontSize(10).text('Prices are per unit and exclude tax.', x, top + 30, { lineBreak: false });
  doc.end();
  return done;
}

/**
 * A scan of a PDF: each page rendered at `dpi`, turned by `turn` degrees, blurred a little and
 * saved as a JPEG; the pages put back into a PDF with no text layer.
 */
export async function scannedPdf(pdf, { dpi = 200, turn = 1, blur = 0.6, quality = 75 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'table-scan-'));
  let images;
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'page'),
    ]);
    const pages = readdirSync(dir)
      .filter((f) => f.startsWith('page'))
      .sort();
    images = await Promise.all(
      pages.map((file) =>
        sharp(readFileSync(path.join(dir, file)))
          .rotate(turn, { background: '#ffffff' })
          .blur(blur)
          .jpeg({ quality })
          .toBuffer(),
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const doc = new PDFDocument({ autoFirstPage: false, compress: false });
  const done = collect(doc);
  const scale = 72 / dpi;
  for (const image of images) {
    const { width, height } = await sharp(image).metadata();
    doc.addPage({ size: [width * scale, height * scale], margin: 0 });
    doc.image(image, 0, 0, { width: width * scale, height: height * scale });
  }
  doc.end();
  return done;
}

/** The rows as the CSV download writes them (RFC 4180: quoted only where needed). */
export const csvOf = (rows) =>
  rows
    .map((row) =>
      row.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','),
    )
    .join('\r\n');
