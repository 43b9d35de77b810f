import net from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { jest } from '@jest/globals';
import { freePort } from './testing/http-client.js';
import { createTestApp } from './testing/test-app.js';

// Security test 2, slow headers: a client that sends its request headers a byte a second and
// never finishes them is closed once HTTP_HEADERS_TIMEOUT_SECONDS have passed (plus at most the
// server's one-second check), not after Node's default 30 s check; meanwhile the API answers
// everyone else as fast as before. (A slow body is extract-upload.e2e-spec.ts's test.)
jest.setTimeout(60_000);

const HEADERS_TIMEOUT_MS = 1000;
/** The timeout, the server's check interval (1 s), and slack for a loaded test machine. */
const CLOSED_WITHIN_MS = HEADERS_TIMEOUT_MS + 1000 + 1500;
/** How long a dripping client keeps going before it reports that it was never closed. */
const GIVE_UP_MS = 15_000;

type Drip = { closedAfterMs: number | null; received: string; bytesSent: number };

/** Opens a connection and sends a request's headers one byte a second, never ending them. */
function dripHeaders(port: number): Promise<Drip> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const head = Buffer.from('GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    let received = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ closedAfterMs, received, bytesSent });
    };
    const giveUp = setTimeout(() => finish(null), GIVE_UP_MS);
    socket.on('connect', () => {
      socket.write(head.subarray(0, 1));
      bytesSent = 1;
      timer = setInterval(() => {
        if (socket.destroyed) return;
        socket.write(bytesSent < head.length ? head.subarray(bytesSent, bytesSent + 1) : 'a');
        bytesSent += 1;
      }, 1000);
    });
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    // Writing to a socket the server has closed fails; the close is what the test waits for.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      finish(Date.now() - started);
    });
  });
}

describe('the HTTP server against clients that send their headers slowly', () => {
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp({ HTTP_HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_MS / 1000) });
    port = await freePort();
    await app.listen(port, '127.0.0.1');
  });
  afterAll(async () => {
    await app.close();
  });

  it('closes slow-header connections within the headers timeout while others are served', async () => {
    const drips = Promise.all(Array.from({ length: 5 }, () => dripHeaders(port)));
    // While they drip: ordinary requests, one after another, answered as usual.
    const latencies: number[] = [];
    const until = Date.now() + CLOSED_WITHIN_MS;
    while (Date.now() < until) {
      const started = Date.now();
      const response = await fetch(`http://127.0.0.1:${String(port)}/api/me`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      latencies.push(Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const drip of await drips) {
      expect(drip.closedAfterMs).not.toBeNull();
      expect(drip.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS);
      expect(drip.closedAfterMs).toBeLessThanOrEqual(CLOSED_WITHIN_MS);
      // Node answers 408 before it closes the connection.
      expect(drip.received).toMatch(/^HTTP\/1\.1 408 /);
    }
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(500);
    // The server is still there for a fresh connection.
    expect((await fetch(`http://127.0.0.1:${String(port)}/api/me`)).status).toBe(200);
  });
});
