import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import { httpErrors } from '../errors/http-errors.js';
import { REFUSAL_LINGER_BYTES, REFUSAL_LINGER_MS, refuse } from './body-parsing.js';

// A refusal answered before the body is read (sign-in, CSRF, a declared size over the plan): the
// client, still sending, must read the answer, not a reset, and the server must not go on
// reading for ever. A raw socket plays the client, so nothing hides a reset or a late close.

const KB = 1024;
const MB = 1024 * KB;

type Client = {
  socket: net.Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the server has sent its answer and ended its side. */
  answered: Promise<void>;
  /** Resolves when the connection is gone, with the error the client met, if any. */
  closed: Promise<{ error?: string; at: number }>;
};

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.post('/refused', (_req, res) => refuse(res, httpErrors.payloadTooLarge()));
  // The byte limit alone: a loaded machine may not send 16 MB within the 2 s.
  app.post('/refused-patiently', (_req, res) =>
    refuse(res, httpErrors.payloadTooLarge(), { ms: 120_000, bytes: REFUSAL_LINGER_BYTES }),
  );
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function connect(declaredBytes: number, firstBytes: number, path = '/refused'): Client {
  // Half-open allowed: the client goes on sending after the server's answer and end, as an
  // uploading client does until it has read the answer.
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const parts: Buffer[] = [];
  let error: string | undefined;
  socket.on('data', (part: Buffer) => parts.push(part));
  socket.on('error', (e: NodeJS.ErrnoException) => {
    error = e.code ?? e.message;
  });
  const answered = new Promise<void>((resolve) => socket.once('end', resolve));
  const closed = new Promise<{ error?: string; at: number }>((resolve) =>
    socket.once('close', () => resolve({ error, at: Date.now() })),
  );
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n` +
      `Content-Length: ${String(declaredBytes)}\r\n\r\n`,
  );
  socket.write(Buffer.alloc(firstBytes, 0x41));
  return { socket, received: () => Buffer.concat(parts).toString('latin1'), answered, closed };
}

/** Writes `bytes` in 64 KB pieces every `everyMs`, until done or the socket is gone. */
async function send(socket: net.Socket, bytes: number, everyMs: number): Promise<number> {
  const piece = Buffer.alloc(64 * KB, 0x42);
  let sent = 0;
  while (sent < bytes && !socket.destroyed && socket.writable) {
    const size = Math.min(piece.length, bytes - sent);
    sent += size;
    if (!socket.write(size === piece.length ? piece : piece.subarray(0, size))) {
      await new Promise((resolve) => {
        socket.once('drain', resolve);
        socket.once('close', resolve);
      });
    }
    if (everyMs > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return sent;
}

it('lets a client still sending read the answer, then closes once its body has come', async () => {
  const client = connect(4 * MB, 64 * KB);
  await client.answered;
  expect(client.received()).toMatch(/^HTTP\/1\.1 413 /);
  expect(client.received()).toMatch(/connection: close/i);
  expect(client.received()).toContain('"code":"PAYLOAD_TOO_LARGE"');
  // The rest of the body, after the answer: dropped by the server, no reset.
  const sent = await send(client.socket, 4 * MB - 64 * KB, 0);
  expect(sent).toBe(4 * MB - 64 * KB);
  client.socket.end();
  const closed = await client.closed;
  expect(closed.error).toBeUndefined();
});

it(`cuts off a client that keeps sending past ${String(REFUSAL_LINGER_BYTES / MB)} MB`, async () => {
  const client = connect(256 * MB, 64 * KB, '/refused-patiently');
  await client.answered;
  expect(client.received()).toMatch(/^HTTP\/1\.1 413 /);
  const sent = await send(client.socket, 256 * MB, 0);
  await client.closed;
  expect(sent).toBeGreaterThan(REFUSAL_LINGER_BYTES);
  expect(sent).toBeLessThan(256 * MB);
});

it(`cuts off a slow client ${String(REFUSAL_LINGER_MS)} ms after the answer`, async () => {
  const client = connect(64 * MB, 64 * KB);
  await client.answered;
  const answeredAt = Date.now();
  void send(client.socket, 64 * MB, 50); // 1.3 MB/s: the whole body would take 50 s
  const closed = await client.closed;
  expect(closed.at - answeredAt).toBeGreaterThanOrEqual(REFUSAL_LINGER_MS - 100);
  expect(closed.at - answeredAt).toBeLessThan(REFUSAL_LINGER_MS + 2000);
});
