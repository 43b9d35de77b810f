import { z } from 'zod';

// One schema for every variable the API reads, validated before the app is created. Code reads
// the typed AppConfig, never process.env.
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  MONGODB_URI: z
    .string({ error: 'is required (the start script sets it when it runs the embedded FerretDB)' })
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI'),
  CORS_ORIGINS: originList.default([
    'http://localhost:3000',
    'http://localhost:3001',
    'http://localhost:3002',
    'http://localhost:3003',
    'http://localhost:3004',
  ]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TESSERACT_PATH: z.string().min(1).default('tesseract'),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  mongodbUri: string;
  corsOrigins: string[];
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  tesseractPath: string;
};

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; throws a ConfigError naming every bad or missing variable. */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  // Empty strings mean "not set", as in a .env file with `NAME=`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const c = result.data;
  return {
    nodeEnv: c.NODE_ENV,
    host: c.API_HOST,
    port: c.API_PORT,
    mongodbUri: c.MONGODB_URI,
    corsOrigins: c.CORS_ORIGINS,
    logLevel: c.LOG_LEVEL,
    tesseractPath: c.TESSERACT_PATH,
  };
}
