/** When text OCR's terms and privacy policy last changed (spec §2). */
export const LEGAL_LAST_UPDATED = 'July 30, 2025';
