import { apiFetch } from 'shared-ui';

/**
 * A payment provider's browser script (checkout.js, lemon.js, the PayPal SDK), loaded once and
 * answered as the global it defines. A failed load is forgotten, so the next attempt tries again.
 * `found` reads the global after the script ran (and may initialise it first).
 */
export function providerScript<T>(name: string, found: () => T | undefined) {
  let loading: Promise<T> | null = null;
  return {
    load(url: string): Promise<T> {
      const loaded = found();
      if (loaded) return Promise.resolve(loaded);
      if (loading) return loading;
      const pending = new Promise<T>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.async = true;
        script.onload = () => {
          const global = found();
          if (global) resolve(global);
          else reject(new Error(`${url} defined no ${name}`));
        };
        script.onerror = () => reject(new Error(`could not load ${url}`));
        document.head.appendChild(script);
      });
      pending.catch(() => {
        if (loading === pending) loading = null;
      });
      loading = pending;
      return pending;
    },
    /** For tests: forget a loaded or failed script. */
    reset(): void {
      loading = null;
    },
  };
}

/** A JSON POST to the API (with its CSRF header, through apiFetch). */
export const postJson = (path: string, body: unknown): Promise<Response> =>
  apiFetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
