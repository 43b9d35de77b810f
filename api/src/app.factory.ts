import 'reflect-metadata';
import { ValidationPipe, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { AppModule } from './app.module.js';
import { Logger } from './common/logging/logger.module.js';
import type { AppConfig } from './config/app-config.js';
import { setupBodyParsing } from './common/http/body-parsing.js';
import { setupSessions } from './modules/auth/session.setup.js';

/** Builds the API with everything main.ts serves: the same wiring runs in tests. */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'same-site' } }));
  if (config.trustProxyHops > 0) app.set('trust proxy', config.trustProxyHops);
  // Before body parsing and sessions, so their errors (a 503 while the session store is away)
  // carry the CORS headers too and the browser can read them.
  app.enableCors({
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-CSRF-Token', 'X-Request-Id', 'X-Form-Age'],
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
  });
  setupBodyParsing(app);
  setupSessions(app, config);
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
  );
  return app;
}
