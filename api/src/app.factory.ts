import 'reflect-metadata';
import http from 'node:http';
import { ValidationPipe, type INestApplication, type NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module.js';
import { Logger } from './common/logging/logger.module.js';
import type { AppConfig } from './config/app-config.js';
import {
  refuseCompressedBodies,
  setupBodyParsing,
  setupWebhookBodies,
  type WebhookRoute,
} from './common/http/body-parsing.js';
import { bearerIdentity } from './modules/auth/bearer-identity.js';
import { RequestUserService } from './modules/auth/request-user.service.js';
import { setupSessions } from './modules/auth/session.setup.js';
import { extractUploadRoute } from './modules/extraction/extract-upload.js';
import { tablesUploadRoute } from './modules/tables/tables-upload.js';
import { tablesExportRoute } from './modules/tables/tables-export-upload.js';
import { MESSAGE_FORM_BODY } from './modules/messages/form-body-limit.js';
import { RAZORPAY_WEBHOOK_ROUTE } from './modules/payments/razorpay/razorpay.controller.js';
import { LEMONSQUEEZY_WEBHOOK_ROUTE } from './modules/payments/lemonsqueezy/lemonsqueezy.controller.js';
import { PAYPAL_WEBHOOK_ROUTE } from './modules/payments/paypal/paypal.controller.js';

/** Payment webhooks: raw bodies, before sessions; see WebhookRoute. */
const WEBHOOK_ROUTES: readonly WebhookRoute[] = [
  RAZORPAY_WEBHOOK_ROUTE,
  LEMONSQUEEZY_WEBHOOK_ROUTE,
  PAYPAL_WEBHOOK_ROUTE,
];

/** How often the server looks for requests past their headers or request timeout. */
export const CONNECTIONS_CHECK_MS = 1000;

/**
 * Express under Nest, on a Node server made with the API's timeouts. Node enforces
 * `headersTimeout` and `requestTimeout` only when it checks its connections, every
 * `connectionsCheckingInterval` (30 s unless given when the server is created, which Nest's own
 * adapter does not do): a client sending its headers a byte a second held its connection for up
 * to 30 s whatever HTTP_HEADERS_TIMEOUT_SECONDS said. Here the check runs every second, so such a
 * request is closed (408) within a second of its timeout.
 */
class TimedExpressAdapter extends ExpressAdapter {
  constructor(private readonly serverOptions: http.ServerOptions) {
    super(oneSpellingPerRoute());
  }

  override initHttpServer(options: NestApplicationOptions): void {
    // Nest's options that act on the server it would make itself: none is used by the API.
    if (options.httpsOptions || options.forceCloseConnections || options.return503OnClosing) {
      throw new Error(
        'TimedExpressAdapter: HTTPS and connection-closing options are not supported',
      );
    }
    this.setHttpServer(http.createServer(this.serverOptions, this.getInstance()));
  }
}

/**
 * Express, routing each path by one spelling only: `/api/extract/`, `/API/extract` and
 * `/api/Extract` find no route (404) instead of the handler of `/api/extract`. The middleware
 * that guards a route by its path (upload gates, body limits, raw webhook bodies) compares
 * `req.path` with that one spelling, so nothing reaches a handler past them under another
 * (common/http/body-parsing.ts). Set before the router exists: Express reads them only once.
 */
function oneSpellingPerRoute(): express.Express {
  const app = express();
  app.set('strict routing', true);
  app.set('case sensitive routing', true);
  return app;
}

/**
 * Builds the API with everything main.ts serves: the same wiring runs in tests.
 * `abortOnError: false` (tests): a module that fails to start throws instead of Nest's
 * process.exit(1), which in jest's own process ended the whole API run, every later file unrun.
 */
export async function createApp(
  config: AppConfig,
  { abortOnError = true }: { abortOnError?: boolean } = {},
): Promise<INestApplication> {
  // A slow-drip request (headers or body) is closed (408) once these pass.
  const adapter = new TimedExpressAdapter({
    headersTimeout: Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs),
    requestTimeout: config.http.requestTimeoutMs,
    connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
    bodyParser: false,
    abortOnError,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'same-site' } }));
  if (config.trustProxyHops > 0) app.set('trust proxy', config.trustProxyHops);
  // CORS first, before body parsing and sessions, so early refusals and their errors (a 503
  // while the session store is away) carry the CORS headers and the browser can read them.
  app.enableCors({
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-CSRF-Token', 'X-Request-Id', 'X-Form-Age'],
    // Content-Disposition: the converter names its downloads as the API does.
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition'],
  });
  // Bodies: nothing compressed; webhooks raw before sessions; then the session or the add-on's
  // bearer ID token tells who calls (one RequestUserService builds the user for both), and
  // upload routes check the caller before their body is read (common/http/body-parsing.ts).
  refuseCompressedBodies(app);
  setupWebhookBodies(app, WEBHOOK_ROUTES);
  setupSessions(app, config);
  app.use(bearerIdentity(app.get(RequestUserService)));
  setupBodyParsing(app, {
    uploads: [extractUploadRoute(app), tablesUploadRoute(app), tablesExportRoute(app)],
    limits: [MESSAGE_FORM_BODY],
    uploadTimeoutMs: config.http.requestTimeoutMs,
  });
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
  );
  return app;
}
