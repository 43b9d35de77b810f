import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { decodeUpload } from './extract.dto.js';

const upload = (base64Image: string) => decodeUpload({ base64Image });

describe('decodeUpload', () => {
  const bytes = randomBytes(1000);
  const plain = bytes.toString('base64');

  it('knows the decoded size from the text alone and decodes it exactly', () => {
    for (const text of [
      plain,
      `data:image/png;base64,${plain}`,
      plain.replace(/(.{76})/g, '$1\r\n'), // MIME line breaks
      ` ${plain.slice(0, 10)}\t${plain.slice(10)}\n`,
    ]) {
      const u = upload(text);
      expect(u.byteLength).toBe(1000);
      expect(u.decode().equals(bytes)).toBe(true);
    }
    expect(upload(randomBytes(1001).toString('base64')).byteLength).toBe(1001);
    expect(upload(`${randomBytes(1002).toString('base64')}\n`).byteLength).toBe(1002);
  });

  it('refuses text that is not base64', () => {
    for (const text of ['ab$d', 'abcde', 'ab=c', 'YWJj\u00a0ZA==']) {
      expect(() => upload(text).decode()).toThrow('invalid base64');
    }
  });

  it('decodes a 40 MB upload without copying its text', () => {
    const big = randomBytes(30 * 1024 * 1024)
      .toString('base64')
      .replace(/(.{76})/g, '$1\n');
    global.gc?.();
    const before = process.memoryUsage();
    const u = upload(big);
    const buffer = u.decode();
    const after = process.memoryUsage();
    expect(buffer.length).toBe(u.byteLength);
    // The decoded 30 MB live outside the heap; the heap does not grow by a copy of the text.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(20 * 1024 * 1024);
  });
});
