import { useEffect, useState } from 'react';
import { apiFetch } from 'shared-ui';

export type LanguageOption = { code: string; name: string; translatable: boolean };

const ORIGINAL: LanguageOption = { code: '', name: 'Original language', translatable: true };

/** The dropdown's languages from GET /api/languages ('Original language' first). */
export function useLanguages(): LanguageOption[] {
  const [languages, setLanguages] = useState<LanguageOption[]>([ORIGINAL]);
  useEffect(() => {
    let live = true;
    apiFetch('/api/languages')
      .then((response) => (response.ok ? response.json() : { languages: [] }))
      .then((body: { languages?: LanguageOption[] }) => {
        if (live && body.languages?.length) setLanguages(body.languages);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return languages;
}
