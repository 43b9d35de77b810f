import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server that speaks the Chat Completions contract (POST /v1/chat/completions, Bearer
// auth, the documented success and error bodies), so the vision reader is tested through the
// real `openai` client over HTTP.
export type ChatRequest = {
  authorization: string | undefined;
  body: {
    model: string;
    messages: {
      role: string;
      content: string | { type: string; text?: string; image_url?: { url: string } }[];
    }[];
  };
};

export type ChatAnswer =
  | { kind: 'text'; content: string; delayMs?: number }
  | {
      kind: 'error';
      status: number;
      type: string;
      message: string;
      headers?: Record<string, string>;
    };

export type ChatServer = { url: string; requests: ChatRequest[]; close: () => Promise<void> };

export async function startChatServer(
  apiKey: string,
  answer: (request: ChatRequest) => ChatAnswer,
): Promise<ChatServer> {
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
        return;
      }
      const request: ChatRequest = {
        authorization: req.headers.authorization,
        body: JSON.parse(raw) as ChatRequest['body'],
      };
      requests.push(request);
      if (request.authorization !== `Bearer ${apiKey}`) {
        send(401, {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
        return;
      }
      const result = answer(request);
      if (result.kind === 'error') {
        send(
          result.status,
          { error: { message: result.message, type: result.type, param: null, code: result.type } },
          result.headers,
        );
        return;
      }
      setTimeout(() => {
        if (res.destroyed) return;
        send(200, {
          id: `chatcmpl-${String(requests.length)}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: result.content, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
        });
      }, result.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text parts of a request's user message. */
export function promptOf(request: ChatRequest | undefined): string {
  const content = request?.body.messages[0]?.content ?? '';
  return typeof content === 'string' ? content : content.map((p) => p.text ?? '').join('\n');
}

export function imageOf(request: ChatRequest | undefined): string | undefined {
  const content = request?.body.messages[0]?.content;
  return typeof content === 'string'
    ? undefined
    : content?.find((p) => p.image_url)?.image_url?.url;
}
