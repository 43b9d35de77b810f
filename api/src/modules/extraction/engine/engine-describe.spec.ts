import type { EngineMode } from 'contracts';
import { ExtractionEngine } from './engine.js';

// The page's 'Powered by' line (spec §2) names what reads pages under the running configuration,
// never an engine that is not in use.
describe("ExtractionEngine.describe ('Powered by')", () => {
  const VISION = { apiKey: 'sk-x', model: 'gpt-4o-mini', timeoutMs: 1000 };
  const engines: ExtractionEngine[] = [];
  const make = (mode: EngineMode | undefined, vision: typeof VISION | null) => {
    const engine = new ExtractionEngine({
      tesseractPath: 'tesseract',
      ...(mode ? { mode } : {}),
      vision,
    });
    engines.push(engine);
    return engine;
  };
  afterAll(() => Promise.all(engines.map((engine) => engine.close())));

  const TESSERACT = { kind: 'local', name: 'Tesseract OCR' };
  const MODEL = { kind: 'vision', name: 'gpt-4o-mini (vision model)' };

  it.each([
    ['the default', undefined, null, 'local', [TESSERACT]],
    ['local mode, even with a vision model configured', 'local', VISION, 'local', [TESSERACT]],
    ['auto mode: Tesseract, escalating to the model', 'auto', VISION, 'auto', [TESSERACT, MODEL]],
    ['vision mode: the model reads every page', 'vision', VISION, 'vision', [MODEL]],
    ['vision mode without a model: Tesseract only', 'vision', null, 'local', [TESSERACT]],
    ['auto mode without a model: Tesseract only', 'auto', null, 'local', [TESSERACT]],
  ] as const)('names %s', (_label, mode, vision, expectedMode, expected) => {
    expect(make(mode, vision).describe()).toEqual({ mode: expectedMode, engines: expected });
  });
});
