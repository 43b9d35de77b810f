import { deflateSync } from 'node:zlib';

// PDFs written byte by byte for tests of what a crafted file can do: pages of any size, any
// number of pages, streams of any content. Objects are numbered from 1; the catalogue is 1 and
// the page tree 2. Small on disk, made when the test runs.

export type PdfPage = {
  /** [x0, y0, x1, y1] in points. */
  mediaBox: [number, number, number, number];
  cropBox?: [number, number, number, number];
  /** A content stream (PDF operators); Helvetica is /F1. */
  content?: string;
};

/** A PDF of the given objects' bodies (object n is bodies[n - 1]), with a correct xref table. */
export function pdfFromObjects(bodies: (string | Buffer)[], trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${String(i + 1)} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${String(bodies.length + 1)}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${String(bodies.length + 1)} /Root 1 0 R ${trailer}>>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A stream object's body (FlateDecode when `compress`). */
export function streamObject(data: Buffer, dict = '', compress = false): Buffer {
  const body = compress ? deflateSync(data) : data;
  const filter = compress ? ' /Filter /FlateDecode' : '';
  return Buffer.concat([
    Buffer.from(`<< /Length ${String(body.length)}${filter} ${dict}>>\nstream\n`, 'latin1'),
    body,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A PDF of `pages`; pages with the same content share one stream object. */
export function makePdf(pages: PdfPage[]): Buffer {
  const bodies: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', ''];
  bodies[2] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'; // object 3
  const contents = new Map<string, number>();
  const pageIds: number[] = [];
  for (const page of pages) {
    const content = page.content ?? '';
    let contentId = contents.get(content);
    if (contentId === undefined) {
      bodies.push(streamObject(Buffer.from(content, 'latin1')));
      contentId = bodies.length;
      contents.set(content, contentId);
    }
    const crop = page.cropBox ? ` /CropBox [${page.cropBox.join(' ')}]` : '';
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [${page.mediaBox.join(' ')}]${crop} /Resources << /Font << /F1 3 0 R >> >> /Contents ${String(contentId)} 0 R >>`,
    );
    pageIds.push(bodies.length);
  }
  bodies[1] = `<< /Type /Pages /Count ${String(pageIds.length)} /Kids [${pageIds.map((id) => `${String(id)} 0 R`).join(' ')}] >>`;
  return pdfFromObjects(bodies);
}
