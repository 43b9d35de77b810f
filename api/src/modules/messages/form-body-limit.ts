import type { BodyLimit } from '../../common/http/body-parsing.js';
import { LIMITS } from './dto/fields.js';

// The message forms' bodies: the largest (text-ocr-feedback) has two 5000-character fields, and
// a character of a non-Latin script takes up to 3 bytes in UTF-8; the rest is a few short fields.
const LONG_FIELDS = 2;
const SHORT_FIELDS_BYTES = 2 * 1024;

export const MESSAGE_FORM_BODY: BodyLimit = {
  paths: [
    '/api/feedback',
    '/api/text-ocr-feedback',
    '/api/sheets-extension-feedback',
    '/api/contact',
  ],
  limitBytes: LONG_FIELDS * LIMITS.long * 3 + SHORT_FIELDS_BYTES,
};
