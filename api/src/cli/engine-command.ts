import { DomainError } from '../common/errors/domain-error.js';
import { ExtractionEngine } from '../modules/extraction/engine/index.js';

/**
 * Runs a command line around one engine (`npm run extract`, `npm run extract-tables`): its exit
 * status from `main`, an engine error printed as `CODE: message` (anything else after `failure`),
 * exit 1 on error; then the engine closed (its warm processes ended, its temporary folder
 * removed) before the process exits.
 */
export function runEngineCommand(
  main: (engine: ExtractionEngine) => Promise<number>,
  failure: string,
): void {
  const engine = new ExtractionEngine({
    tesseractPath: process.env.TESSERACT_PATH ?? 'tesseract',
  });
  void main(engine)
    .then(
      (code) => code,
      (error: unknown) => {
        if (error instanceof DomainError) process.stderr.write(`${error.code}: ${error.message}\n`);
        else
          process.stderr.write(
            `${failure}: ${error instanceof Error ? error.message : String(error)}\n`,
          );
        return 1;
      },
    )
    .then(async (code) => {
      await engine.close(0);
      process.exit(code);
    });
}
