// The repository's test files (real images and PDFs; sources in test-fixtures/README.md).
import path from 'node:path';
import { root } from './stack.mjs';

export const FIXTURES = path.join(root, 'test-fixtures');

/** Path of a test file, e.g. fixture('printed/tesseractjs_testocr.png'). */
export const fixture = (name) => path.join(FIXTURES, name);
