// Invoice mode on real PDFs drawn with pdfkit, their words read by poppler (and once by the real
// Tesseract from the rendered page); the line-item tables are given as findTables would find
// them, from rows known in advance.
import { readInvoice } from './invoice.js';
import type { LayoutPage } from './layout.js';
import { matchLabel } from './invoice-labels.js';
import { parseAmount } from './money.js';
import {
  boxBetween,
  makePdf,
  ocrLayoutPage,
  pdfLayoutPages,
  tableOf,
  type PdfDoc,
} from './testing/pdf-words.js';

const line = { lineBreak: false } as const;
const right = (width: number) => ({ width, align: 'right', lineBreak: false }) as const;

type Item = [string, string, string, string];

const HEADER: Item = ['Description', 'Qty', 'Unit Price', 'Amount'];
const DESIGN: Item = ['Website design', '1', '1,200.00', '1,200.00'];
const SUPPORT: Item = ['Support hours', '3', '1.50', '4.50'];
const ITEMS: Item[] = [DESIGN, ['Hosting (12 months)', '12', '2.50', '30.00'], SUPPORT];
type Total = [string, string];
const SUBTOTAL: Total = ['Subtotal', '$1,234.50'];
const TAX: Total = ['Tax (8%)', '$98.76'];
const TOTALS: Total[] = [SUBTOTAL, TAX, ['Total', '$1,333.26'], ['Amount Due', '$1,333.26']];

/** The first page read from a PDF (a failed read fails the test here, not later). */
async function firstPage(pdf: Buffer): Promise<LayoutPage[]> {
  const pages = await pdfLayoutPages(pdf);
  expect(pages).toHaveLength(1);
  return pages;
}

const TABLE_TOP = 200;
const ROW = 18;

/** Draws the item table (header at TABLE_TOP) and, below it, the totals' labels and values. */
function drawItems(doc: PdfDoc, header: Item, items: Item[], totals: [string, string][]) {
  [header, ...items].forEach((row, i) => {
    const y = TABLE_TOP + i * ROW + (i ? 6 : 0);
    doc.fontSize(10).text(row[0], 50, y, line);
    doc.text(row[1], 280, y, right(50));
    doc.text(row[2], 340, y, right(90));
    doc.text(row[3], 450, y, right(100));
  });
  doc
    .moveTo(50, TABLE_TOP + 15)
    .lineTo(550, TABLE_TOP + 15)
    .stroke();
  const top = TABLE_TOP + (items.length + 1) * ROW + 20;
  totals.forEach(([label, value], i) => {
    doc.text(label, 360, top + i * ROW, line);
    doc.text(value, 450, top + i * ROW, right(100));
  });
}

/** The US invoice: vendor and title on top, number and dates right, the customer left. */
function usInvoice(items: Item[], totals: [string, string][]) {
  return (doc: PdfDoc) => {
    doc.fontSize(20).text('Northwind Traders Ltd', 50, 50, line);
    doc.fontSize(24).text('INVOICE', 380, 46, right(170));
    doc.fontSize(10).text('123 Harbour Road, Springfield', 50, 78, line);
    doc.text('Bill To:', 50, 120, line);
    doc.fontSize(12).text('Contoso Pharmacy', 50, 135, line);
    doc.fontSize(10).text('9 Elm Street, Shelbyville', 50, 152, line);
    doc.text('Invoice #: INV-00042', 360, 120, line);
    doc.text('Invoice Date: March 3, 2025', 360, 135, line);
    doc.text('Due Date: April 2, 2025', 360, 150, line);
    drawItems(doc, HEADER, items, totals);
  };
}

/** The table findTables would return: the rows as printed, boxed by their words. */
function itemsTable(page: LayoutPage | undefined, rows: string[][], scale = 1) {
  if (!page) throw new Error('no page');
  const bottom = TABLE_TOP + rows.length * ROW + 4;
  return tableOf(page, rows, boxBetween(page, (TABLE_TOP - 2) * scale, bottom * scale));
}

describe('readInvoice', () => {
  it('reads every field, the line items and a passing totals check on a clean invoice', async () => {
    const pages = await firstPage(await makePdf(usInvoice(ITEMS, TOTALS)));
    const table = itemsTable(pages[0], [HEADER, ...ITEMS]);
    const result = readInvoice(pages, [table]);
    expect(result.fields).toEqual({
      vendor: 'Northwind Traders Ltd',
      invoiceNumber: 'INV-00042',
      invoiceDate: 'March 3, 2025',
      currency: 'USD',
      subtotal: '$1,234.50',
      tax: '$98.76',
      total: '$1,333.26',
      amountDue: '$1,333.26',
    });
    expect(result.lineItems?.rows).toEqual([HEADER, ...ITEMS]);
    expect(result.check).toEqual({ ok: true, lineItemsSum: '1234.50', problems: [] });
  });

  // The generated set's footer; a photo's uneven spacing once cut it after "30" into two
  // segments, so the number is checked against the word on either side.
  it.each([
    ['in one run', ['Please pay within 30 days quoting INV-00042. Thank you for your business.']],
    ['cut after the number', ['Please pay within 30', 'days quoting INV-00042.']],
  ])('takes no count from a "Please pay within 30 days" footer %s', async (_, parts) => {
    const pdf = await makePdf((doc) => {
      usInvoice(ITEMS, TOTALS)(doc);
      // About 50 points between the parts: wider than the 10-point text, a segment break.
      parts.forEach((part, k) => doc.text(part, 50 + k * 150, 500, line));
    });
    const pages = await firstPage(pdf);
    const result = readInvoice(pages, [itemsTable(pages[0], [HEADER, ...ITEMS])]);
    expect(result.fields.amountDue).toBe('$1,333.26');
    expect(result.fields.total).toBe('$1,333.26');
    expect(result.check.ok).toBe(true);
  });

  it("splits item rows that a lost rule merged into one grid row, by their words' lines", async () => {
    const pages = await firstPage(await makePdf(usInvoice(ITEMS, TOTALS)));
    const [design, hosting, support] = ITEMS;
    if (!design || !hosting || !support) throw new Error('no items');
    // A photo's faint rule between the first two items not found: one grid cell holds both.
    const merged = design.map((cell, c) => `${cell} ${hosting[c] ?? ''}`);
    const result = readInvoice(pages, [itemsTable(pages[0], [HEADER, merged, support])]);
    expect(result.lineItems?.rows).toEqual([HEADER, ...ITEMS]);
    expect(result.check).toEqual({ ok: true, lineItemsSum: '1234.50', problems: [] });
  });

  it('keeps a description wrapped beside a single amount as one item', async () => {
    const wrapped: Item = ['Website design and', '1', '1,200.00', '1,200.00'];
    const pdf = await makePdf((doc) => {
      usInvoice([wrapped, ...ITEMS.slice(1)], TOTALS)(doc);
      doc.text('hosting setup', 50, TABLE_TOP + ROW + 6 + 11, line);
    });
    const pages = await firstPage(pdf);
    const rows = [
      HEADER,
      ['Website design and hosting setup', '1', '1,200.00', '1,200.00'],
      ...ITEMS.slice(1),
    ];
    const result = readInvoice(pages, [itemsTable(pages[0], rows)]);
    expect(result.lineItems?.rows).toEqual(rows);
    expect(result.check.ok).toBe(true);
  });

  it("reads totals that the table finder took in as the item table's last rows", async () => {
    const pages = await firstPage(await makePdf(usInvoice(ITEMS, TOTALS)));
    // Stream tables often run on into the totals: their labels sit in the price column.
    const rows = [HEADER, ...ITEMS, ...TOTALS.map(([label, value]) => ['', '', label, value])];
    const [page] = pages;
    if (!page) throw new Error('no page');
    const table = tableOf(page, rows, boxBetween(page, TABLE_TOP - 2, 400));
    const result = readInvoice(pages, [table]);
    expect(result.fields).toMatchObject({
      subtotal: '$1,234.50',
      tax: '$98.76',
      total: '$1,333.26',
      amountDue: '$1,333.26',
    });
    // The line items delivered stop at the last item: the totals are the invoice's fields.
    expect(result.lineItems?.rows).toEqual([HEADER, ...ITEMS]);
    expect(result.check).toEqual({ ok: true, lineItemsSum: '1234.50', problems: [] });
  });

  it('adds up two tax lines, reads a number after the title and a Canadian total', async () => {
    const pdf = await makePdf((doc) => {
      doc.fontSize(18).text('Maple Leaf Supplies Inc.', 50, 50, line);
      doc.fontSize(16).text('Invoice 2025-117', 380, 50, right(170));
      doc.fontSize(10).text('Date: 3 March 2025', 360, 120, line);
      drawItems(doc, HEADER, ITEMS, [
        SUBTOTAL,
        ['GST (5%)', '$61.73'],
        ['PST (7%)', '$86.42'],
        ['Total:', 'CA$1,382.65'],
      ]);
    });
    const pages = await firstPage(pdf);
    const result = readInvoice(pages, [itemsTable(pages[0], [HEADER, ...ITEMS])]);
    expect(result.fields).toEqual({
      vendor: 'Maple Leaf Supplies Inc.',
      invoiceNumber: '2025-117',
      invoiceDate: '3 March 2025',
      currency: 'CAD',
      subtotal: '$1,234.50',
      tax: '$61.73',
      total: 'CA$1,382.65',
      amountDue: null,
    });
    expect(result.check).toEqual({ ok: true, lineItemsSum: '1234.50', problems: [] });
  });

  it('takes no item code printed above a SUBTOTAL whose amount was lost for the amount', async () => {
    const pdf = await makePdf((doc) => {
      doc.fontSize(14).text('CORNER MARKET', 50, 40, line);
      doc.fontSize(10).text('Milk 2L', 50, 100, line).text('$4.00', 200, 100, right(60));
      doc.text('4011', 200, 114, right(60));
      doc.text('SUBTOTAL', 200, 128, right(60));
      doc.text('TOTAL', 50, 142, line).text('$4.00', 200, 142, right(60));
    });
    const result = readInvoice(await firstPage(pdf), []);
    expect(result.fields).toMatchObject({
      vendor: 'CORNER MARKET',
      subtotal: null,
      total: '$4.00',
    });
  });

  it('reads an invoice whose totals are on its second page', async () => {
    const pdf = await makePdf((doc) => {
      usInvoice(ITEMS, [])(doc);
      doc.addPage();
      doc.fontSize(10).text('Northwind Traders Ltd - page 2', 50, 40, line);
      TOTALS.forEach(([label, value], i) => {
        doc.text(label, 360, 100 + i * ROW, line);
        doc.text(value, 450, 100 + i * ROW, right(100));
      });
    });
    const pages = await pdfLayoutPages(pdf);
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    const result = readInvoice(pages, [itemsTable(pages[0], [HEADER, ...ITEMS])]);
    expect(result.fields).toEqual({
      vendor: 'Northwind Traders Ltd',
      invoiceNumber: 'INV-00042',
      invoiceDate: 'March 3, 2025',
      currency: 'USD',
      subtotal: '$1,234.50',
      tax: '$98.76',
      total: '$1,333.26',
      amountDue: '$1,333.26',
    });
    expect(result.check).toEqual({ ok: true, lineItemsSum: '1234.50', problems: [] });
  });

  it('reports line items that do not add up to the stated subtotal', async () => {
    const items: Item[] = [DESIGN, ['Hosting (12 months)', '12', '2.125', '25.50'], SUPPORT];
    const pages = await firstPage(await makePdf(usInvoice(items, TOTALS)));
    const result = readInvoice(pages, [itemsTable(pages[0], [HEADER, ...items])]);
    expect(result.fields.subtotal).toBe('$1,234.50');
    expect(result.check).toEqual({
      ok: false,
      lineItemsSum: '1230.00',
      problems: ['Line items add up to 1,230.00 but the subtotal says $1,234.50'],
    });
  });

  it('reports a total that is not the subtotal plus tax', async () => {
    const totals: Total[] = [SUBTOTAL, TAX, ['Total', '$1,343.26']];
    const pages = await firstPage(await makePdf(usInvoice(ITEMS, totals)));
    const result = readInvoice(pages, [itemsTable(pages[0], [HEADER, ...ITEMS])]);
    expect(result.fields.amountDue).toBeNull();
    expect(result.check.ok).toBe(false);
    expect(result.check.problems).toEqual([
      'Subtotal $1,234.50 plus tax $98.76 is 1,333.26 but the total says $1,343.26',
    ]);
  });

  it('reads an OCR-like page: look-alike letters, a lost $, shifted boxes', async () => {
    const [clean] = await firstPage(await makePdf(usInvoice(ITEMS, TOTALS)));
    if (!clean) throw new Error('no page');
    const noise: Record<string, string> = {
      Total: 'Tota1',
      'INV-00042': 'INV-0OO42',
      '$98.76': '98.76',
      '2025': '2O25',
      Invoice: 'lnvoice',
      Subtotal: 'Subtota1',
    };
    const scale = 300 / 72; // an image's pixels at 300 dpi, not points
    // Tesseract sometimes reads no space after a colon: "Date:March".
    const words = clean.words.flatMap((w, i, all) => {
      const next = all[i + 1];
      if (w.text === 'Date:' && next?.text === 'March')
        return [{ ...w, text: 'Date:March', x1: next.x1 }];
      return w.text === 'March' && all[i - 1]?.text === 'Date:' ? [] : [w];
    });
    const page: LayoutPage = {
      ...clean,
      source: 'ocr',
      width: clean.width * scale,
      height: clean.height * scale,
      words: words.map((w, i) => {
        const jitter = Math.sin(i * 7.3) * 1.5;
        return {
          text: noise[w.text] ?? w.text,
          x0: w.x0 * scale + jitter,
          y0: w.y0 * scale - jitter,
          x1: w.x1 * scale + jitter,
          y1: w.y1 * scale + jitter,
          confidence: 70 + ((i * 13) % 25),
        };
      }),
    };
    const rows = [HEADER, ['Website design', '1', '1,200.00', '1,2O0.00'], ...ITEMS.slice(1)];
    const table = {
      ...itemsTable(page, rows, scale),
      confidence: rows.map((r) => r.map(() => 80)),
    };
    const result = readInvoice([page], [table]);
    expect(result.fields).toEqual({
      vendor: 'Northwind Traders Ltd',
      invoiceNumber: 'INV-00042',
      invoiceDate: 'March 3, 2025',
      currency: 'USD',
      subtotal: '$1,234.50',
      tax: '98.76',
      total: '$1,333.26',
      amountDue: '$1,333.26',
    });
    expect(result.check).toEqual({ ok: true, lineItemsSum: '1234.50', problems: [] });
  });

  it('reads a European invoice: 1.234,50 €, German labels, a dotted date', async () => {
    const header: Item = ['Beschreibung', 'Menge', 'Einzelpreis', 'Betrag'];
    const items: Item[] = [
      ['Bürostuhl Ergo', '2', '450,00 €', '900,00 €'],
      ['Schreibtisch Eiche', '1', '334,50 €', '334,50 €'],
    ];
    const pdf = await makePdf((doc) => {
      doc.fontSize(18).text('Müller Bürobedarf GmbH', 50, 50, line);
      doc.fontSize(22).text('RECHNUNG', 380, 46, right(170));
      doc.fontSize(10).text('Hauptstraße 5, 10115 Berlin', 50, 76, line);
      doc.text('Rechnungsnummer: RE-2025-0815', 330, 120, line);
      doc.text('Rechnungsdatum: 03.03.2025', 330, 135, line);
      drawItems(doc, header, items, [
        ['Zwischensumme', '1.234,50 €'],
        ['MwSt. 19%', '234,56 €'],
        ['Gesamtbetrag', '1.469,06 €'],
      ]);
    });
    const pages = await firstPage(pdf);
    const result = readInvoice(pages, [itemsTable(pages[0], [header, ...items])]);
    expect(result.fields).toEqual({
      vendor: 'Müller Bürobedarf GmbH',
      invoiceNumber: 'RE-2025-0815',
      invoiceDate: '03.03.2025',
      currency: 'EUR',
      subtotal: '1.234,50 €',
      tax: '234,56 €',
      total: '1.469,06 €',
      amountDue: null,
    });
    expect(result.check).toEqual({ ok: true, lineItemsSum: '1234.50', problems: [] });
  });

  it('reads values printed under their labels, and labels printed under their values', async () => {
    // "Subtotal" heads the amount column here: a label inside the item table is none.
    const header: Item = ['Item', 'Hours', 'Rate', 'Subtotal'];
    const items: Item[] = [['Consulting', '6', '90.00', '540.00']];
    const band = (captions: boolean) => (doc: PdfDoc) => {
      doc.fontSize(20).text('Fabrikam Studio', 50, 50, line);
      doc.fontSize(24).text('PRO FORMA INVOICE', 200, 46, right(350));
      const [labelY, valueY] = captions ? [140, 122] : [120, 136];
      const fields: Total[] = [
        ['Invoice Number', 'A-7731'],
        ['Invoice Date', '2025-03-03'],
        ['Amount Due', '£540.00'],
      ];
      fields.forEach(([label, value], i) => {
        doc.fontSize(9).text(label, 50 + i * 170, labelY, line);
        doc.fontSize(12).text(value, 50 + i * 170, valueY, line);
      });
      drawItems(doc, header, items, [['Total', '£540.00']]);
    };
    for (const captions of [false, true]) {
      const pages = await firstPage(await makePdf(band(captions)));
      const result = readInvoice(pages, [itemsTable(pages[0], [header, ...items])]);
      expect(result.fields).toEqual({
        vendor: 'Fabrikam Studio',
        invoiceNumber: 'A-7731',
        invoiceDate: '2025-03-03',
        currency: 'GBP',
        subtotal: null,
        tax: null,
        total: '£540.00',
        amountDue: '£540.00',
      });
      expect(result.check).toEqual({ ok: true, lineItemsSum: '540.00', problems: [] });
    }
  });

  it('reads the fields of an invoice scanned at a low 110 dpi and read by Tesseract', async () => {
    // At 110 dpi Tesseract's box for the table's "Qty" takes in the rule below it, as tall as
    // the vendor's 20 pt name: the vendor is told by its characters' width, not the box height.
    const page = await ocrLayoutPage(await makePdf(usInvoice(ITEMS, TOTALS)), 110);
    const result = readInvoice([page], []);
    expect(result.fields).toMatchObject({
      vendor: 'Northwind Traders Ltd',
      invoiceNumber: 'INV-00042',
      invoiceDate: 'March 3, 2025',
      currency: 'USD',
      subtotal: '$1,234.50',
      total: '$1,333.26',
      amountDue: '$1,333.26',
    });
    expect(result.lineItems).toBeNull();
    expect(result.check).toEqual({ ok: true, lineItemsSum: null, problems: [] });
  }, 30_000);
});

describe('parseAmount', () => {
  it.each([
    ['$1,234.50', 123450],
    ['1.234,50 €', 123450],
    ['1 234,50', 123450],
    ["CHF 1'234.50", 123450],
    ['(12.00)', -1200],
    ['-5.00', -500],
    ['12,5', 1250],
    ['₹1,23,456.00', 12345600],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseAmount(text)?.cents).toBe(cents);
  });

  it('refuses rates, dates and numbers grouped wrongly', () => {
    for (const text of [
      '19%',
      '03.03.2025',
      '2025-03-03',
      '12,34,56',
      '1,23,4567.00',
      'INV-42',
      '896400119105',
    ]) {
      expect(parseAmount(text)).toBeNull();
    }
  });

  it('settles 1.234 by the document style and reads look-alike letters on OCR pages', () => {
    expect(parseAmount('1.234', ',')?.cents).toBe(123400);
    expect(parseAmount('1,234', ',')?.cents).toBe(123);
    expect(parseAmount('$1,2O0.00')).toBeNull();
    expect(parseAmount('$1,2O0.00', '.', true)?.cents).toBe(120000);
  });
});

describe('matchLabel', () => {
  it('takes the longest label: "Total Due" is the amount due, "VAT No." an id, not the tax', () => {
    expect(matchLabel(['total', 'due'])).toMatchObject({ kind: 'amountDue', end: 2 });
    expect(matchLabel(['vat', '#'])).toMatchObject({ kind: 'other' });
    expect(matchLabel(['19%', 'mwst'])).toMatchObject({ kind: 'tax', start: 1, end: 2 });
  });

  it('forgives OCR one letter in a label, but not inside a short one', () => {
    expect(matchLabel(['lnvoice', '#'], 0, true)).toMatchObject({ kind: 'number' });
    expect(matchLabel(['taxi'], 0, true)).toMatchObject({ kind: 'tax' });
    expect(matchLabel(['taxi'])).toBeNull();
    expect(matchLabel(['must'], 0, true)).toBeNull();
  });
});
