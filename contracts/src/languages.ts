// GET /api/languages: the translation dropdown (spec §2).

export type Language = { code: string; name: string };

export type LanguageOption = Language & {
  /** Whether extraction can translate into it under this server's configuration. */
  translatable: boolean;
  /**
   * Set when the local engine translates English text into it through a pivot language (two
   * machine-translation pairs chained, e.g. English → Spanish → Italian): the pivot's code.
   * Absent for a direct pair, for the vision model, and when it is not translatable.
   */
  via?: string;
};

export type LanguagesResponse = { languages: LanguageOption[] };

/** The first entry of the dropdown: no translation. */
export const ORIGINAL_LANGUAGE: Language = { code: '', name: 'Original language' };
