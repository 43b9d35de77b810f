import { ConfigError, loadConfig } from './app-config.js';

const valid = { MONGODB_URI: 'mongodb://127.0.0.1:27017/ocr' };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults when only the database is given', () => {
    expect(loadConfig(valid)).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 4000,
      mongodbUri: valid.MONGODB_URI,
      corsOrigins: [
        'http://localhost:3000',
        'http://localhost:3001',
        'http://localhost:3002',
        'http://localhost:3003',
        'http://localhost:3004',
      ],
      logLevel: 'info',
      tesseractPath: 'tesseract',
    });
  });

  it('names MONGODB_URI when it is missing', () => {
    const problems = problemsOf({});
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^MONGODB_URI: is required/);
  });

  it('treats an empty variable as not set', () => {
    expect(problemsOf({ MONGODB_URI: '' })[0]).toMatch(/^MONGODB_URI/);
  });

  it('names every invalid variable at once', () => {
    const problems = problemsOf({
      MONGODB_URI: 'postgres://nope',
      API_PORT: 'eighty',
      NODE_ENV: 'staging',
      CORS_ORIGINS: 'not a url',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'API_PORT',
      'CORS_ORIGINS.0',
      'MONGODB_URI',
      'NODE_ENV',
    ]);
    expect(problems.find((p) => p.startsWith('MONGODB_URI'))).toContain('mongodb://');
  });

  it('rejects a port out of range', () => {
    expect(problemsOf({ ...valid, API_PORT: '70000' })[0]).toMatch(/^API_PORT/);
  });

  it('splits and trims a list of CORS origins', () => {
    const config = loadConfig({ ...valid, CORS_ORIGINS: ' https://a.example , https://b.example' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
