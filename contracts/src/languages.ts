// GET /api/languages: the translation dropdown (spec §2).

export type Language = { code: string; name: string };

export type LanguageOption = Language & {
  /** Whether extraction can translate into it under this server's configuration. */
  translatable: boolean;
};

export type LanguagesResponse = { languages: LanguageOption[] };

/** The first entry of the dropdown: no translation. */
export const ORIGINAL_LANGUAGE: Language = { code: '', name: 'Original language' };
