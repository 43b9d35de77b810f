import { ORIGINAL_LANGUAGE, type LanguageOption, type LanguagesResponse } from 'contracts';
import { useEffect, useState } from 'react';
import { apiFetch } from 'shared-ui';

export type { LanguageOption };

const ORIGINAL: LanguageOption = { ...ORIGINAL_LANGUAGE, translatable: true };

// One request per page load, shared by every consumer (the tool's dropdown and the FAQ's count);
// a failed request is forgotten so that the next mount asks again.
let pending: Promise<LanguageOption[] | null> | null = null;
let loaded: LanguageOption[] | null = null;

function loadLanguages(): Promise<LanguageOption[] | null> {
  if (pending) return pending;
  const request = apiFetch('/api/languages')
    .then((response) =>
      response.ok ? (response.json() as Promise<Partial<LanguagesResponse>>) : null,
    )
    .then((body) => (body?.languages?.length ? body.languages : null))
    .catch(() => null);
  pending = request;
  void request.then((languages) => {
    if (pending !== request) return;
    if (languages) loaded = languages;
    else pending = null;
  });
  return request;
}

/** Forgets the loaded list; for tests, which each start as a fresh page. */
export function resetLanguages(): void {
  pending = null;
  loaded = null;
}

/** The dropdown's languages from GET /api/languages ('Original language' first). */
export function useLanguages(): LanguageOption[] {
  const [languages, setLanguages] = useState<LanguageOption[]>(() => loaded ?? [ORIGINAL]);
  useEffect(() => {
    let live = true;
    void loadLanguages().then((loaded) => {
      if (live && loaded) setLanguages(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return languages;
}
