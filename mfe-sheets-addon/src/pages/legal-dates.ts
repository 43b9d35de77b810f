/** When the add-on's terms (spec §2) and, written with them, its privacy policy last changed. */
export const ADDON_LEGAL_LAST_UPDATED = 'August 31, 2025';
