import { addonMaxBytes } from 'contracts';
import {
  IMAGE_OR_PDF,
  acceptAttribute,
  checkFile,
  downloadName,
  isAccepted,
  readChosenFile,
} from './chosen-file';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('downloadName (spec §4)', () => {
  it('drops the extension and adds _extracted.txt', () => {
    expect(downloadName({ name: 'receipt.scan.JPG', fromCamera: false })).toBe(
      'receipt.scan_extracted.txt',
    );
    expect(downloadName({ name: 'notes', fromCamera: false })).toBe('notes_extracted.txt');
  });

  it('names camera captures photo_extracted.txt', () => {
    expect(downloadName({ name: 'photo.png', fromCamera: true })).toBe('photo_extracted.txt');
  });

  it('takes another extension and suffix', () => {
    expect(downloadName({ name: 'invoice.pdf', fromCamera: false }, 'csv', '_tables')).toBe(
      'invoice_tables.csv',
    );
  });
});

describe('the intake rules', () => {
  it("give the chooser's accept attribute", () => {
    expect(acceptAttribute(IMAGE_OR_PDF)).toBe('image/*,application/pdf');
  });

  it('take images and PDFs by type, or by extension when the type is missing', () => {
    expect(isAccepted(file('a.png', 'image/png'), IMAGE_OR_PDF)).toBe(true);
    expect(isAccepted(file('a.bin', 'application/pdf'), IMAGE_OR_PDF)).toBe(true);
    expect(isAccepted(file('scan.PDF', ''), IMAGE_OR_PDF)).toBe(true);
    expect(isAccepted(file('photo.heic', ''), IMAGE_OR_PDF)).toBe(true);
    expect(isAccepted(file('a.docx', 'application/msword'), IMAGE_OR_PDF)).toBe(false);
    expect(isAccepted(file('a.pdf', 'text/plain'), IMAGE_OR_PDF)).toBe(false);
    expect(isAccepted(file('notes', ''), IMAGE_OR_PDF)).toBe(false);
  });

  it('refuse another type, naming what is taken', () => {
    expect(checkFile(file('notes.docx', 'application/msword'), IMAGE_OR_PDF)).toEqual({
      reason: 'type',
      message: 'notes.docx is not an image or PDF. Choose an image or PDF.',
    });
  });

  it("refuse a file over the add-on's limit: 5 MB free, 30 MB with a plan or bought credits", () => {
    const free = { ...IMAGE_OR_PDF, maxBytes: addonMaxBytes(null) };
    const paid = { ...IMAGE_OR_PDF, maxBytes: addonMaxBytes({ topUpBalance: 100 }) };
    expect(checkFile(file('a.pdf', 'application/pdf', 5 * MB), free)).toBeNull();
    expect(checkFile(file('a.pdf', 'application/pdf', 5 * MB + 1), free)).toEqual({
      reason: 'size',
      message: 'File is larger than the 5MB limit of your plan.',
    });
    expect(checkFile(file('a.pdf', 'application/pdf', 30 * MB), paid)).toBeNull();
    expect(checkFile(file('a.pdf', 'application/pdf', 30 * MB + 1), paid)?.message).toBe(
      'File is larger than the 30MB limit of your plan.',
    );
    // No limit in the rules: any size is taken (text OCR says the limit at Extract).
    expect(checkFile(file('a.pdf', 'application/pdf', 300 * MB), IMAGE_OR_PDF)).toBeNull();
  });
});

describe('readChosenFile', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
  });

  it('reads the bytes as base64 without the data: prefix, and tells a PDF by type or name', async () => {
    const pdf = await readChosenFile(new File(['%PDF-1.7'], 'r.pdf', { type: '' }));
    expect(pdf).toEqual({
      name: 'r.pdf',
      isPdf: true,
      base64: Buffer.from('%PDF-1.7').toString('base64'),
      size: 8,
      previewUrl: 'blob:preview',
      fromCamera: false,
    });
    const photo = await readChosenFile(
      new File([new Uint8Array([1])], 'p.png', { type: 'image/png' }),
      true,
    );
    expect(photo).toMatchObject({ isPdf: false, fromCamera: true, base64: 'AQ==' });
  });
});
