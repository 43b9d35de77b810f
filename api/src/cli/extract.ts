import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DomainError } from '../common/errors/domain-error.js';
import { DEFAULT_LIMITS, PLAN_MAX_BYTES } from '../modules/extraction/pipeline/limits.js';
import { extractText } from '../modules/extraction/pipeline/pipeline.js';
import { extractionErrors } from '../modules/extraction/pipeline/pipeline-errors.js';
import { cleanOutput, NO_TEXT_FOUND } from '../modules/extraction/pipeline/clean-output.js';
import { TranslationService } from '../modules/translation/translation.service.js';

// npm run extract -- FILE [--page N] [--lang CODE]: the API's pipeline without server or sign-in.
const USAGE = 'Usage: npm run extract -- FILE [--page N] [--lang CODE]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { page: { type: 'string' }, lang: { type: 'string' }, help: { type: 'boolean' } },
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
  // The command line uses the local engine: translation through the installed Apertium pairs.
  const translation = new TranslationService({ vision: null });
  await translation.onModuleInit();
  const target =
    values.lang && values.lang !== 'original' ? translation.find(values.lang) : undefined;
  if (values.lang && values.lang !== 'original') {
    if (!target) throw extractionErrors.unknownLanguage(values.lang);
    if (!translation.canTranslateTo(target.code))
      throw extractionErrors.translationUnavailable(target.name);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    process.stderr.write(`Cannot read ${file}\n`);
    return 1;
  }
  const result = await extractText(
    { bytes, ...(page === undefined ? {} : { page }) },
    {
      limits: { ...DEFAULT_LIMITS, maxBytes: PLAN_MAX_BYTES.premium },
      tesseractPath: process.env.TESSERACT_PATH ?? 'tesseract',
    },
  );
  const text =
    target && result.text !== NO_TEXT_FOUND
      ? cleanOutput(await translation.translateLocally(result.text, target))
      : result.text;
  process.stdout.write(`${text}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DomainError) process.stderr.write(`${error.code}: ${error.message}\n`);
    else
      process.stderr.write(
        `Extraction failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    process.exit(1);
  },
);
