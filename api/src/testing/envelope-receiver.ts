import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Buffer } from 'node:buffer';

// A local stand-in for the error-reporting service: it speaks Sentry's envelope intake
// (POST /api/<project>/envelope/, https://develop.sentry.dev/sdk/data-model/envelopes/) on
// 127.0.0.1 and keeps the events it receives, so tests see exactly what the SDK sent.
export type ReceivedEvent = {
  project: string;
  tags?: Record<string, string>;
  message?: string;
  exception?: { values?: { type?: string; value?: string }[] };
  [field: string]: unknown;
};

/** The items of an envelope: header line, then each item's header and payload. */
export function parseEnvelope(body: Buffer): { type: string; payload: unknown }[] {
  const items: { type: string; payload: unknown }[] = [];
  let at = body.indexOf(10) + 1; // after the envelope's header
  while (at > 0 && at < body.length) {
    const headerEnd = body.indexOf(10, at);
    const header = JSON.parse(
      body.subarray(at, headerEnd === -1 ? undefined : headerEnd).toString(),
    ) as {
      type: string;
      length?: number;
    };
    const start = headerEnd + 1;
    const end = header.length !== undefined ? start + header.length : body.indexOf(10, start);
    const raw = body.subarray(start, end === -1 ? undefined : end).toString();
    items.push({ type: header.type, payload: header.type === 'event' ? JSON.parse(raw) : raw });
    at = end === -1 ? body.length : end + 1;
  }
  return items;
}

export async function startEnvelopeReceiver() {
  const events: ReceivedEvent[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = /^\/api\/([^/]+)\/envelope\/?(\?|$)/.exec(req.url ?? '');
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method !== 'POST' || !match?.[1]) {
        res.statusCode = req.method === 'OPTIONS' ? 204 : 404;
        res.end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      for (const item of parseEnvelope(body)) {
        if (item.type === 'event') events.push({ ...(item.payload as object), project: match[1] });
      }
      res.setHeader('Content-Type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    events,
    /** A DSN whose envelopes come here (the key is not checked). */
    dsn: (project = '42') => `http://publickey@127.0.0.1:${String(port)}/${project}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
