import { downloadName } from './chosen-file';

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
});
