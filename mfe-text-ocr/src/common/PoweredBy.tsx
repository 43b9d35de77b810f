import { useEffect, useState } from 'react';
import { apiFetch } from 'shared-ui';

type Engines = { engines: { kind: string; name: string }[] };

/**
 * Names the engines this deployment actually reads with (GET /api/engines). Until they are known
 * (and in the prerendered page) its line is kept, empty, so the page does not move when it fills
 * in (issue 25: no layout shift as the app takes over).
 */
export function PoweredBy() {
  const [names, setNames] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch('/api/engines')
      .then((response) => (response.ok ? (response.json() as Promise<Engines>) : null))
      .then((body) => {
        if (live && body) setNames(body.engines.map((engine) => engine.name));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (names === null) return <p aria-hidden="true">&nbsp;</p>;
  if (names.length === 0) return null;
  return <p>Powered by {names.join(' and ')}</p>;
}
