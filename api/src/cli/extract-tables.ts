import { readFile, writeFile } from 'node:fs/promises';
import type { ExtractionEngine } from '../modules/extraction/engine/index.js';
import { EXTRACT_TABLES_USAGE, parseExtractTablesArgs } from './extract-tables-args.js';
import { tablesOutput } from './extract-tables-output.js';
import { runEngineCommand } from './engine-command.js';

// npm run extract-tables -- FILE [--page N | --pages A-B] [--invoice] [--format json|csv|xlsx]
// [--out PATH]: the engine's table reader without server or sign-in (issue 21, item 2), in this
// process as `npm run extract` is. CSV and XLSX come from the same code as the API's downloads
// (engine/tables/export.ts), CSV in its plain form (no BOM, \n line ends) for a terminal.

async function main(engine: ExtractionEngine): Promise<number> {
  const parsed = parseExtractTablesArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(`${EXTRACT_TABLES_USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${parsed.message}\n${EXTRACT_TABLES_USAGE}\n`);
    return 1;
  }
  const { options } = parsed;
  let bytes: Buffer;
  try {
    bytes = await readFile(options.file);
  } catch {
    process.stderr.write(`Cannot read ${options.file}\n`);
    return 1;
  }
  const result = await engine.extractTables({
    bytes,
    ...(options.pages ? { pages: options.pages } : {}),
    mode: options.invoice ? 'invoice' : 'tables',
  });
  // A page that failed is said, not hidden; the pages read still print.
  for (const outcome of result.pages) {
    if (!outcome.ok) {
      process.stderr.write(`Page ${String(outcome.page)} not read: ${outcome.error ?? 'failed'}\n`);
    }
  }
  const text = await tablesOutput(result, options);
  if (options.out === undefined) {
    process.stdout.write(text);
    return 0;
  }
  try {
    await writeFile(options.out, text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Cannot write ${options.out}: ${why}\n`);
    return 1;
  }
  return 0;
}

runEngineCommand(main, 'Table extraction failed');
