import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { NO_TEXT_FOUND } from 'contracts';
import type { ExtractionEngine } from '../modules/extraction/engine/index.js';
import { runEngineCommand } from './engine-command.js';

// npm run extract -- FILE [--page N] [--lang CODE] [--debug]: the API's engine without server or
// sign-in, with the local engine (translation through the installed Apertium pairs) and premium
// limits. --debug prints the reader's steps (turn, levelling, light, enlargement) to stderr.
const USAGE = 'Usage: npm run extract -- FILE [--page N] [--lang CODE] [--debug]';

async function main(engine: ExtractionEngine): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      page: { type: 'string' },
      lang: { type: 'string' },
      help: { type: 'boolean' },
      debug: { type: 'boolean' },
    },
  });
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const page = values.page === undefined ? undefined : Number(values.page);
  if (page !== undefined && (!Number.isInteger(page) || page < 1)) {
    process.stderr.write(`--page must be a whole number of at least 1\n${USAGE}\n`);
    return 2;
  }
  const targetLanguage = values.lang && values.lang !== 'original' ? values.lang : undefined;
  // The language is checked before the file is read, as the API does before an upload is decoded.
  if (targetLanguage) await engine.admit({ byteLength: 0, targetLanguage });
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    process.stderr.write(`Cannot read ${file}\n`);
    return 1;
  }
  const result = await engine.extract({
    bytes,
    ...(page === undefined ? {} : { page }),
    ...(targetLanguage ? { targetLanguage } : {}),
  });
  if (values.debug) {
    const steps = result.steps.map(({ step, kept }) => `${step}${kept ? '' : ' (not kept)'}`);
    process.stderr.write(`source: ${result.source}; steps: ${steps.join('; ') || 'none'}\n`);
  }
  process.stdout.write(`${result.found ? result.text : NO_TEXT_FOUND}\n`);
  return 0;
}

runEngineCommand(main, 'Extraction failed');
