import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

// Real PDFs with tables for the table reader's tests, made when the test runs with pdfkit (the
// library that writes them in the wild) from rows whose cells are therefore known exactly; and
// their scans: pages rendered by poppler, turned, blurred, saved as JPEG inside an image-only PDF.

export const SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

export type TableBlock = {
  kind: 'table';
  rows: string[][];
  /** Ruled: every cell boxed. Unruled: aligned columns only. */
  ruled: boolean;
  /** Left and top of the table, and each column's width (points). */
  x: number;
  y: number;
  widths: number[];
  fontSize?: number;
  /** Right-to-left text, written as the reader of the script reads it (pdfkit's order). */
  rtl?: boolean;
};
export type TextBlock = { kind: 'text'; text: string; x: number; y: number; fontSize?: number };
export type Block = TableBlock | TextBlock;

const PAD = 4;

/** A PDF of A4 pages, each drawn from its blocks. */
export function tablePdf(pages: Block[][]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: false,
    info: { CreationDate: new Date('2025-01-01T00:00:00Z'), Producer: 'tests' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.font(SANS);
  for (const blocks of pages) {
    doc.addPage();
    for (const block of blocks) {
      if (block.kind === 'text') {
        doc.fontSize(block.fontSize ?? 11).text(block.text, block.x, block.y, { lineBreak: false });
      } else {
        drawTable(doc, block);
      }
    }
  }
  doc.end();
  return done;
}

function drawTable(doc: PDFKit.PDFDocument, table: TableBlock): void {
  const size = table.fontSize ?? 10;
  doc.fontSize(size);
  let y = table.y;
  const lefts = table.widths.map((_, i) =>
    table.widths.slice(0, i).reduce((sum, w) => sum + w, table.x),
  );
  const right = table.x + table.widths.reduce((sum, w) => sum + w, 0);
  const tops: number[] = [];
  for (const row of table.rows) {
    tops.push(y);
    let height = size * 1.2;
    row.forEach((cell, i) => {
      const width = (table.widths[i] ?? 60) - 2 * PAD;
      height = Math.max(height, doc.heightOfString(cell, { width }));
    });
    row.forEach((cell, i) => {
      doc.text(cell, (lefts[i] ?? table.x) + PAD, y + PAD, {
        width: (table.widths[i] ?? 60) - 2 * PAD,
        ...(table.rtl ? { align: 'right', features: ['rtla'] } : {}),
      });
    });
    y += height + 2 * PAD;
  }
  tops.push(y);
  if (table.ruled) {
    doc.lineWidth(0.8);
    for (const top of tops) doc.moveTo(table.x, top).lineTo(right, top).stroke();
    for (const left of [...lefts, right]) doc.moveTo(left, table.y).lineTo(left, y).stroke();
  }
}

/**
 * A scan of a PDF: each page rendered at `dpi`, turned by `turn` degrees, blurred a little and
 * saved as a JPEG; the pages put back into a PDF with no text layer.
 */
export async function scannedPdf(
  pdf: Buffer,
  options: { dpi?: number; turn?: number; blur?: number; quality?: number } = {},
): Promise<Buffer> {
  const images = await scannedPages(pdf, options);
  const doc = new PDFDocument({ autoFirstPage: false, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  for (const image of images) {
    const { width, height } = await sharp(image).metadata();
    const scale = 72 / (options.dpi ?? 200);
    doc.addPage({ size: [width * scale, height * scale], margin: 0 });
    doc.image(image, 0, 0, { width: width * scale, height: height * scale });
  }
  doc.end();
  return done;
}

/** The pages of a PDF as scanned JPEGs (see scannedPdf). */
export async function scannedPages(
  pdf: Buffer,
  options: { dpi?: number; turn?: number; blur?: number; quality?: number } = {},
): Promise<Buffer[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'table-scan-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      String(options.dpi ?? 200),
      '-png',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'page'),
    ]);
    const files = execFileSync('ls', [dir])
      .toString()
      .split('\n')
      .filter((f) => f.startsWith('page'))
      .sort();
    return await Promise.all(
      files.map((file) =>
        sharp(readFileSync(path.join(dir, file)))
          .rotate(options.turn ?? 0, { background: '#ffffff' })
          .blur(options.blur ?? 0.6)
          .jpeg({ quality: options.quality ?? 75 })
          .toBuffer(),
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A one-page invoice: Northwind Traders' INV-1042 of 2025-03-03, two ruled line items ($20.00 and
 * $5.50: subtotal $25.50, tax $2.55) and the stated `total`, also its amount due ($28.05 adds up;
 * anything else is a mismatch the reader must report).
 */
export function invoicePdf(total: string): Promise<Buffer> {
  return tablePdf([
    [
      { kind: 'text', text: 'Northwind Traders', x: 60, y: 50, fontSize: 20 },
      { kind: 'text', text: 'INVOICE', x: 420, y: 50, fontSize: 16 },
      { kind: 'text', text: 'Invoice #: INV-1042', x: 380, y: 90 },
      { kind: 'text', text: 'Date: 2025-03-03', x: 380, y: 108 },
      {
        kind: 'table',
        ruled: true,
        x: 60,
        y: 170,
        widths: [200, 60, 100, 100],
        rows: [
          ['Description', 'Qty', 'Unit price', 'Amount'],
          ['Widget', '2', '$10.00', '$20.00'],
          ['Gadget', '1', '$5.50', '$5.50'],
        ],
      },
      { kind: 'text', text: 'Subtotal', x: 330, y: 280 },
      { kind: 'text', text: '$25.50', x: 440, y: 280 },
      { kind: 'text', text: 'Tax', x: 330, y: 298 },
      { kind: 'text', text: '$2.55', x: 440, y: 298 },
      { kind: 'text', text: 'Total', x: 330, y: 316 },
      { kind: 'text', text: total, x: 440, y: 316 },
      { kind: 'text', text: 'Amount Due', x: 330, y: 334 },
      { kind: 'text', text: total, x: 440, y: 334 },
    ],
  ]);
}
