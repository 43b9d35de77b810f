import { Controller, HttpCode, Module, Post, Req, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Request } from 'express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { refuseCompressedBodies, setupBodyParsing, setupWebhookBodies } from './body-parsing.js';

// The payment-webhook hook: a route named there gets its body raw, byte for byte, for the
// provider's signature, within the size given for it, and no other parser touches it.

@Controller()
class ProbeController {
  @Post('api/webhooks/provider')
  @HttpCode(200)
  webhook(@Req() req: Request): { raw: boolean; text: string } {
    const body: unknown = req.body;
    return { raw: Buffer.isBuffer(body), text: Buffer.isBuffer(body) ? body.toString('utf8') : '' };
  }

  @Post('api/other')
  @HttpCode(200)
  other(@Req() req: Request): unknown {
    return req.body;
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('body parsing: the webhook hook and the default limit', () => {
  let app: INestApplication<App>;

  beforeAll(async () => {
    app = await NestFactory.create<INestApplication<App>>(ProbeModule, {
      logger: false,
      bodyParser: false,
    });
    refuseCompressedBodies(app);
    setupWebhookBodies(app, [{ path: '/api/webhooks/provider', limitBytes: 1024 }]);
    setupBodyParsing(app, { uploads: [], limits: [], uploadTimeoutMs: 1000 });
    await app.init();
  });
  afterAll(async () => {
    await app.close();
  });

  it('hands a webhook its raw body, exactly as sent', async () => {
    const payload = '{"event":"payment.captured", "amount":  100}';
    const response = await request(app.getHttpServer())
      .post('/api/webhooks/provider')
      .set('content-type', 'application/json')
      .send(payload)
      .expect(200);
    expect(response.body).toEqual({ raw: true, text: payload });
  });

  it("refuses a webhook body over its provider's size (413)", async () => {
    const response = await request(app.getHttpServer())
      .post('/api/webhooks/provider')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ pad: 'x'.repeat(2000) }))
      .expect(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('parses other routes as JSON within 2 KB, and refuses more', async () => {
    const server = app.getHttpServer();
    await request(server).post('/api/other').send({ a: 1 }).expect(200, { a: 1 });
    const large = await request(server)
      .post('/api/other')
      .send({ pad: 'x'.repeat(3000) })
      .expect(413);
    expect(large.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('passes an identity Content-Encoding and refuses any other (415)', async () => {
    const server = app.getHttpServer();
    await request(server)
      .post('/api/other')
      .set('content-encoding', 'identity')
      .send({ a: 1 })
      .expect(200);
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const response = await request(server)
        .post('/api/other')
        .set('content-type', 'application/json')
        .set('content-encoding', encoding)
        .send('{}')
        .expect(415);
      expect(response.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });
});
