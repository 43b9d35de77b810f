import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's test files (real images and PDFs; sources in test-fixtures/README.md). */
export const FIXTURES = fileURLToPath(new URL('../../../test-fixtures/', import.meta.url));

/** Path of a test file, e.g. fixture('printed/tesseractjs_testocr.png'). */
export const fixture = (name: string): string => path.join(FIXTURES, name);
