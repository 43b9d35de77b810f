import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteModule } from 'shared-ui';
import type { RemoteEntry } from '../config/runtime-config';

// Remotes are registered from run-time configuration and loaded on first use. A failed load is
// forgotten, and a retry re-registers the remote so the runtime fetches its manifest afresh. A
// remote whose server accepts the connection and never answers would leave its pages loading
// for ever: a load that takes longer than LOAD_TIMEOUT_MS fails like a dead remote (fallback
// with Retry).
export type RemoteLoader = {
  load: (name: string) => Promise<RemoteModule>;
  /** The module when it has already loaded, so pages of a loaded remote render at once. */
  peek: (name: string) => RemoteModule | undefined;
  /**
   * Why the last load of `name` failed, once: a page whose remote failed before the app rendered
   * (main.tsx waits for the remote of a prerendered page) shows its fallback at once instead of
   * waiting for a second attempt. A later page of that remote tries again, as before.
   */
  takeFailure: (name: string) => Error | undefined;
  retry: (name: string) => void;
};

/** How long a remote may take to load (manifest, entry and its routes module). */
export const LOAD_TIMEOUT_MS = 8000;

export class RemoteTimeoutError extends Error {
  constructor(name: string, ms: number) {
    super(`Remote ${name} did not load within ${String(ms)} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

/** `promise`, or a RemoteTimeoutError after `ms`; the timer never outlives the race. */
function withTimeout<T>(promise: Promise<T>, name: string, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(name, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function isRemoteModule(value: unknown): value is RemoteModule {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as RemoteModule).routes)
  );
}

export function createRemoteLoader(
  entries: RemoteEntry[],
  { timeoutMs = LOAD_TIMEOUT_MS }: { timeoutMs?: number } = {},
): RemoteLoader {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const cache = new Map<string, Promise<RemoteModule>>();
  const loaded = new Map<string, RemoteModule>();
  const failures = new Map<string, Error>();
  registerRemotes(entries.map(({ name, entry }) => ({ name, entry })));

  return {
    load(name) {
      const cached = cache.get(name);
      if (cached) return cached;
      const pending = withTimeout(loadRemote<unknown>(`${name}/routes`), name, timeoutMs).then(
        (module) => {
          if (!isRemoteModule(module)) throw new Error(`Remote ${name} did not expose its routes`);
          loaded.set(name, module);
          return module;
        },
      );
      failures.delete(name);
      pending.catch((error: unknown) => {
        if (cache.get(name) !== pending) return;
        cache.delete(name);
        failures.set(name, error instanceof Error ? error : new Error(String(error)));
      });
      cache.set(name, pending);
      return pending;
    },
    peek: (name) => loaded.get(name),
    takeFailure(name) {
      const failure = failures.get(name);
      failures.delete(name);
      return failure;
    },
    retry(name) {
      cache.delete(name);
      failures.delete(name);
      loaded.delete(name);
      const entry = byName.get(name);
      if (entry) registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
    },
  };
}
