// The request logger and Nest's logger over one pino instance. This is what nestjs-pino did for
// us; its releases for Nest 12 require Node 22.12, and we run on Node 20.19+.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Global,
  Inject,
  Module,
  RequestMethod,
  type DynamicModule,
  type LoggerService,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import type { DestinationStream, Logger as Pino } from 'pino';
import { pinoHttp, type HttpLogger, type Options } from 'pino-http';

const HTTP_LOGGER = Symbol('HTTP_LOGGER');

/** The request's child logger (with its id) while that request is being handled. */
const requestLogger = new AsyncLocalStorage<Pino>();

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

/** Nest's LoggerService writing to the current request's logger, else the root one. */
export class Logger implements LoggerService {
  constructor(private readonly root: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const logger = requestLogger.getStore() ?? this.root;
    if (!logger.isLevelEnabled(level)) return;
    // Nest passes the context (the logger's name) last, and for errors a stack before it.
    const rest = [...params];
    const context = rest.length > 0 && typeof rest.at(-1) === 'string' ? rest.pop() : undefined;
    const fields: Record<string, unknown> = context === undefined ? {} : { context };
    if (level === 'error' && typeof rest[0] === 'string') fields.stack = rest.shift();
    if (rest.length > 0) fields.params = rest;
    if (message instanceof Error) logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null)
      logger[level]({ ...fields, ...message });
    else logger[level](fields, String(message));
  }
}

/** Logs every request as one JSON line (pino-http) and provides {@link Logger}. */
@Global()
@Module({})
export class LoggerModule implements NestModule {
  constructor(@Inject(HTTP_LOGGER) private readonly httpLogger: HttpLogger) {}

  /** `destination`: where the JSON lines go (standard output when absent). */
  static forRoot(options: Options, destination?: DestinationStream): DynamicModule {
    const httpLogger = destination ? pinoHttp(options, destination) : pinoHttp(options);
    return {
      module: LoggerModule,
      providers: [
        { provide: HTTP_LOGGER, useValue: httpLogger },
        { provide: Logger, useValue: new Logger(httpLogger.logger) },
      ],
      exports: [Logger],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // pino-http gives the request its id and child logger (req.log); Nest's logger uses that child
    // for everything logged while the request is handled.
    const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      this.httpLogger(req, res, () => requestLogger.run(req.log, next));
    };
    consumer.apply(middleware).forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }
}
