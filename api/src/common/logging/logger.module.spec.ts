import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { AppConfig } from '../../config/app-config.js';
import { Logger, LoggerModule } from './logger.module.js';
import { loggerParams } from './logging.js';

// The API's own logger module (over pino-http): one JSON line per request with its id, secrets
// redacted, and Nest's logger writing through the request's child while it is handled.

const lines: Record<string, unknown>[] = [];
const destination = {
  write(chunk: string): void {
    for (const line of chunk.split('\n').filter(Boolean)) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
  },
};

@Controller()
class ProbeController {
  constructor(private readonly logger: Logger) {}

  @Get('probe')
  probe(): { ok: true } {
    this.logger.log('inside the handler', 'ProbeController');
    return { ok: true };
  }

  @Get('auth/google/callback')
  callback(): { ok: true } {
    return { ok: true };
  }
}

@Module({
  imports: [LoggerModule.forRoot(loggerParams({ logLevel: 'info' } as AppConfig), destination)],
  controllers: [ProbeController],
})
class ProbeModule {}

describe('LoggerModule', () => {
  let app: INestApplication<App>;

  beforeAll(async () => {
    app = await NestFactory.create<INestApplication<App>>(ProbeModule, { logger: false });
    await app.init();
  });
  afterAll(async () => {
    await app.close();
  });

  it('writes one JSON line per request with its id, redacting the cookie', async () => {
    lines.length = 0;
    const response = await request(app.getHttpServer())
      .get('/probe')
      .set('X-Request-Id', 'trace-abcdef12')
      .set('Cookie', 'sid=secret-session-value');
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('trace-abcdef12');

    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      service: 'api',
      req: { id: 'trace-abcdef12', method: 'GET', url: '/probe' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(lines)).not.toContain('secret-session-value');
  });

  it("keeps the OAuth callback's code and state out of the logs, and other queries in", async () => {
    lines.length = 0;
    await request(app.getHttpServer()).get(
      '/auth/google/callback?code=secret-oauth-code&state=secret-oauth-state',
    );
    await request(app.getHttpServer()).get('/probe?page=2');
    const urls = lines
      .filter((l) => l.msg === 'request completed')
      .map((l) => (l.req as { url: string }).url);
    expect(urls).toEqual(['/auth/google/callback?[redacted]', '/probe?page=2']);
    expect(JSON.stringify(lines)).not.toMatch(/secret-oauth/);
  });

  it("writes Nest's log lines through the request's logger, with its id and context", async () => {
    lines.length = 0;
    await request(app.getHttpServer()).get('/probe').set('X-Request-Id', 'trace-12345678');
    const inside = lines.find((l) => l.msg === 'inside the handler');
    expect(inside).toMatchObject({ context: 'ProbeController', level: 30 });
    expect(JSON.stringify(inside)).toContain('trace-12345678');
  });
});
