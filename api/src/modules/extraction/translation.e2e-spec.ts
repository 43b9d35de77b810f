import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { createTestApp } from '../../testing/test-app.js';

describe('GET /api/languages', () => {
  let app: INestApplication<App>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists 'Original language' first, then about 230 named languages with codes", async () => {
    const response = await request(app.getHttpServer()).get('/api/languages').expect(200);
    const languages = (
      response.body as {
        languages: { code: string; name: string; translatable: boolean; via?: string }[];
      }
    ).languages;
    expect(languages[0]).toEqual({ code: '', name: 'Original language', translatable: true });
    expect(languages.length).toBeGreaterThanOrEqual(220);
    expect(languages.length).toBeLessThanOrEqual(245);
    // The local engine translates into the targets of the installed Apertium pairs only.
    expect(languages).toContainEqual({ code: 'es', name: 'Spanish', translatable: true });
    expect(languages).toContainEqual({ code: 'de', name: 'German', translatable: false });
    // No pair goes from English to French: it is reached through Catalan, and says so.
    expect(languages).toContainEqual({
      code: 'fr',
      name: 'French',
      translatable: true,
      via: 'ca',
    });
    // A chain that failed the measurement is not offered for English text, so no pivot is named.
    expect(languages).toContainEqual({ code: 'it', name: 'Italian', translatable: true });
    expect(languages).toContainEqual({ code: 'ceb', name: 'Cebuano', translatable: false });
    expect(new Set(languages.map((l) => l.code)).size).toBe(languages.length);
    expect(languages.every((l) => l.name.length > 0)).toBe(true);
  });
});
