import http from 'node:http';

export type RawUploadOptions = {
  url: string;
  headers: Record<string, string>;
  /** Content-Length to declare; the body is sent chunked when absent. */
  declaredLength?: number;
  /** Bytes to send in all, unless an answer comes first. */
  total: number;
  chunkBytes: number;
  /** Pause between chunks; 0 writes as fast as the socket takes them. */
  intervalMs: number;
  /**
   * Wait this long after the headers before the first body byte: a server that refuses by the
   * headers alone answers (and closes) before anything is written, so no write can meet a closed
   * socket (EPIPE) before the answer is seen.
   */
  headStartMs?: number;
};

export type RawAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** Bytes handed to the socket when the answer's headers arrived. */
  sentAtAnswer: number;
};

const FILLER = 0x41; // 'A': what a base64 upload is made of

/**
 * A POST whose body is streamed the way a client with a large file would: it stops sending as
 * soon as an answer arrives, so a test can see whether the server answered before the end.
 */
export function rawUpload(options: RawUploadOptions): {
  answer: Promise<RawAnswer>;
  abort: () => void;
} {
  const url = new URL(options.url);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent: false,
    headers: {
      ...options.headers,
      ...(options.declaredLength === undefined
        ? {}
        : { 'content-length': String(options.declaredLength) }),
    },
  });
  const chunk = Buffer.alloc(options.chunkBytes, FILLER);
  let sent = 0;
  let answered = false;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      const sentAtAnswer = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        req.destroy();
        const text = Buffer.concat(parts).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          sentAtAnswer,
        });
      });
      res.on('error', reject);
    });
    // Writing after the server answered and closed fails (EPIPE, ECONNRESET): expected.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  const pump = (): void => {
    while (!answered && !req.destroyed && sent < options.total) {
      const size = Math.min(options.chunkBytes, options.total - sent);
      sent += size;
      const drained = req.write(size === chunk.length ? chunk : chunk.subarray(0, size));
      if (options.intervalMs > 0) {
        setTimeout(pump, options.intervalMs);
        return;
      }
      if (!drained) {
        req.once('drain', pump);
        return;
      }
    }
    if (!answered && !req.destroyed && sent >= options.total) req.end();
  };
  if (options.headStartMs) {
    req.flushHeaders();
    setTimeout(pump, options.headStartMs);
  } else {
    pump();
  }
  return { answer, abort: () => req.destroy() };
}

/**
 * The answer to an upload the server cuts off mid-stream (a chunked body over the limit). The
 * server answers and closes; a chunk already on its way then meets the closed socket, and the
 * client's EPIPE or ECONNRESET can come before the answer is parsed. That race is TCP's, not the
 * server's: the upload is sent again, up to `attempts` times; any other error, or a server that
 * never answers, still fails.
 */
export async function answerOfCutUpload(
  options: RawUploadOptions,
  attempts = 3,
): Promise<RawAnswer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await rawUpload(options).answer;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= attempts || (code !== 'EPIPE' && code !== 'ECONNRESET')) throw error;
    }
  }
}
