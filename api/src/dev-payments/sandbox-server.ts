import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// What the three local payment sandboxes (Razorpay, Lemon Squeezy, PayPal; development and tests
// only) share: the refusal to run in production, the http server with its request log, answers
// and bodies, the webhook deliverer with the providers' habits (copies, events out of order,
// retries after a non-2xx answer or none), and the frame of a checkout page shown over the
// merchant's page. Each sandbox keeps its provider's API, its events and its pages.

/** A request the sandbox received (its API, pages and hooks alike). */
export type SandboxRequest = { method: string; url: string; at: number };

export type WebhookHabits = {
  /** Deliver each event this many times (duplicates are every provider's habit). Default 1. */
  copies?: number;
  /** Deliver the events of one action in reverse order (a provider may define its own). */
  outOfOrder?: boolean;
  /** Delays of the retries after a non-2xx answer or none; then the delivery is dropped. */
  retryDelaysMs?: number[];
};

export type DeliveryStatus = number | 'no answer';
/** A delivery attempt as the sandbox logs it: the provider's fields, and the answer's status. */
export type WebhookDelivery<Log> = Log & { status: DeliveryStatus };

/** What every running sandbox offers its tests, besides its provider's hooks. */
export type RunningSandbox<Log = object> = {
  url: string;
  /** Resolves when every webhook delivery and retry so far has finished. */
  idle: () => Promise<void>;
  /** Every delivery attempt, in order. */
  deliveries: WebhookDelivery<Log>[];
  /** Every request received, in order. */
  requests: SandboxRequest[];
  setHabits: (habits: WebhookHabits) => void;
  /** Where webhooks go from now on (the API may start after the sandbox); none when unset. */
  setWebhookUrl: (url: string | undefined) => void;
  close: () => Promise<void>;
};

/** Where a sandbox listens, where its webhooks go, and how it delivers them. */
export type SandboxListenOptions = {
  /** The caller's NODE_ENV: every sandbox refuses 'production'. */
  nodeEnv: string | undefined;
  /** Where webhooks go (the API's /api/webhooks/<provider>); none are sent when unset. */
  webhookUrl?: string;
  port?: number;
  host?: string;
  habits?: WebhookHabits;
};

/** Refuses NODE_ENV=production, naming what the provider's real configuration is. */
export function assertNotProduction(
  nodeEnv: string | undefined,
  provider: string,
  configure: string,
): void {
  if (nodeEnv === 'production') {
    throw new Error(
      `The local ${provider} sandbox refuses to run with NODE_ENV=production. ` +
        `Configure ${configure} instead.`,
    );
  }
}

// --- the server ---------------------------------------------------------------------------------

export type SandboxServer = { url: string; requests: SandboxRequest[]; close: () => Promise<void> };

/**
 * The sandbox's http server on host (127.0.0.1 by default) and port (a free one by default),
 * logging every request; `failed` answers a request whose handler threw, in the provider's shape.
 */
export async function startSandboxServer(
  options: Pick<SandboxListenOptions, 'host' | 'port'>,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void,
  failed: (res: ServerResponse) => void,
): Promise<SandboxServer> {
  const requests: SandboxRequest[] = [];
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', at: Date.now() });
    Promise.resolve()
      .then(() => handle(req, res))
      .catch(() => {
        if (!res.headersSent) failed(res);
      });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${String(port)}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers `body` with `status` and `headers` (the content type among them). */
export function answer(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string>,
): void {
  res.writeHead(status, headers);
  res.end(body);
}

/** A JSON answer (application/json unless `headers` says otherwise). */
export function answerJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  answer(res, status, JSON.stringify(body), {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  });
}

/** An HTML page. */
export function answerHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  answer(res, status, html, { 'content-type': 'text/html; charset=utf-8', ...headers });
}

/** A request's body as text; one over `limit` bytes is refused and its connection closed. */
export async function readText(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.destroy();
      throw new Error('sandbox: request body too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON object body: {} when empty, null when it is not a JSON object. */
export async function readJsonObject(
  req: IncomingMessage,
): Promise<Record<string, unknown> | null> {
  const text = await readText(req);
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

// --- webhooks -----------------------------------------------------------------------------------

/** One event to deliver: what the log records of it, its body, and each attempt's headers. */
export type Webhook<Log> = {
  log: Log;
  body: string;
  /** Called for every attempt (a provider may sign each transmission anew). */
  headers: () => Record<string, string>;
};

export type WebhookDeliverer<Log> = {
  /**
   * Delivers the events of one action, one after another (each event's copies together, retries
   * included, before the next), in reverse order under the `outOfOrder` habit. Events of separate
   * calls go out side by side.
   */
  deliver: (events: Webhook<Log>[]) => void;
  habits: () => WebhookHabits;
  controls: Pick<RunningSandbox<Log>, 'idle' | 'deliveries' | 'setHabits' | 'setWebhookUrl'>;
};

/**
 * POSTs each event to the webhook URL with the sandbox's habits: `copies` deliveries of each,
 * each retried after a non-2xx answer or none (within the provider's `timeoutMs`) at the habits'
 * delays, or else the provider's `retryDelaysMs`, and then dropped.
 */
export function webhookDeliverer<Log extends object>(
  options: Pick<SandboxListenOptions, 'webhookUrl' | 'habits'>,
  provider: { retryDelaysMs: number[]; timeoutMs: number },
): WebhookDeliverer<Log> {
  const deliveries: WebhookDelivery<Log>[] = [];
  const pending = new Set<Promise<void>>();
  let habits: WebhookHabits = { ...options.habits };
  let webhookUrl = options.webhookUrl;

  const send = async (body: string, headers: Record<string, string>): Promise<DeliveryStatus> => {
    if (!webhookUrl) return 'no answer';
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(provider.timeoutMs),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 'no answer';
    }
  };

  const attempts = async ({ log, body, headers }: Webhook<Log>): Promise<void> => {
    const delays = habits.retryDelaysMs ?? provider.retryDelaysMs;
    for (let attempt = 0; ; attempt += 1) {
      const status = await send(body, headers());
      deliveries.push({ ...log, status });
      const delay = delays[attempt];
      if ((typeof status === 'number' && status >= 200 && status < 300) || delay === undefined)
        return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };

  const deliver = (events: Webhook<Log>[]): void => {
    const ordered = habits.outOfOrder ? [...events].reverse() : events;
    const copies = Math.max(1, habits.copies ?? 1);
    const job = (async () => {
      for (const event of ordered) {
        await Promise.all(Array.from({ length: copies }, () => attempts(event)));
      }
    })();
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };

  return {
    deliver,
    habits: () => habits,
    controls: {
      idle: async () => {
        while (pending.size > 0) await Promise.allSettled([...pending]);
      },
      deliveries,
      setHabits: (next) => {
        habits = { ...next };
      },
      setWebhookUrl: (url) => {
        webhookUrl = url;
      },
    },
  };
}

// --- checkout pages -----------------------------------------------------------------------------

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The opener's origin from the query, or null when it is not exactly an http(s) origin. */
export function openerOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * A checkout page in a full-page frame over the merchant's page (Razorpay's checkout, Lemon
 * Squeezy's overlay): a dialog with Close, the sandbox's notice and the page's `content`, whose
 * form #pay (with #error and #submit) pays by fetch(`payRequest`, JavaScript: the arguments);
 * `onPaid` (JavaScript) then reads `result` ({ ok, body }) and answers the opener with
 * `tell(message)`: postMessage to the opener's origin and no other. Close tells `closeMessage`.
 * The CSP lets only the opener's origin frame the page and only its own script run.
 */
export function framedCheckoutPage(input: {
  title: string;
  heading: string;
  /** The pay button's colour, and any rules of the page's own. */
  accent: string;
  style?: string;
  content: string;
  origin: string;
  closeMessage: Record<string, string>;
  payRequest: string;
  onPaid: string;
}): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title>
<style>
  body{margin:0;font:16px system-ui,sans-serif;background:rgba(0,0,0,.55);min-height:100vh;
    display:flex;align-items:center;justify-content:center}
  main{background:#fff;border-radius:8px;padding:24px;width:min(380px,90vw);position:relative}
  h1{font-size:1.1rem;margin:0 0 4px} .sandbox{color:#a40;font-size:.85rem;margin:0 0 16px}
  label{display:block;font-weight:600;margin:8px 0 4px}
  input{width:100%;box-sizing:border-box;padding:8px;font-size:1rem}
  [role=alert]{color:#b00020}
  button[type=submit]{width:100%;margin-top:12px;padding:10px;font-size:1rem;
    background:${input.accent};color:#fff;border:0;border-radius:4px}
  #close{position:absolute;top:8px;right:8px;border:0;background:none;font-size:1.4rem;
    cursor:pointer}${input.style ? `\n  ${input.style}` : ''}
</style></head>
<body><main role="dialog" aria-modal="true" aria-labelledby="title">
  <button type="button" id="close" aria-label="Close checkout">×</button>
  <h1 id="title">${escapeHtml(input.heading)}</h1>
  <p class="sandbox">Local payments sandbox: no real money moves.</p>
  ${input.content}
</main>
<script nonce="${nonce}">
(function () {
  var OPENER = ${JSON.stringify(input.origin)};
  function tell(message) { window.parent.postMessage(message, OPENER); }
  document.getElementById('close').addEventListener('click', function () {
    tell(${JSON.stringify(input.closeMessage)});
  });
  var form = document.getElementById('pay');
  if (!form) return;
  var error = document.getElementById('error');
  var submit = document.getElementById('submit');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    fetch(${input.payRequest}).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    }).then(function (result) {
      submit.disabled = false;
${input.onPaid}
    }, function () {
      submit.disabled = false;
      error.textContent = 'The sandbox could not be reached.';
    });
  });
})();
</script></body></html>`;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${input.origin}`,
  ].join('; ');
  return { html, csp };
}
