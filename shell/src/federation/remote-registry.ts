import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteModule } from 'shared-ui';
import type { RemoteEntry } from '../config/runtime-config';

// Remotes are registered from run-time configuration and loaded on first use. A failed load is
// forgotten, and a retry re-registers the remote so the runtime fetches its manifest afresh.
export type RemoteLoader = {
  load: (name: string) => Promise<RemoteModule>;
  /** The module when it has already loaded, so pages of a loaded remote render at once. */
  peek: (name: string) => RemoteModule | undefined;
  retry: (name: string) => void;
};

function isRemoteModule(value: unknown): value is RemoteModule {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as RemoteModule).routes)
  );
}

export function createRemoteLoader(entries: RemoteEntry[]): RemoteLoader {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const cache = new Map<string, Promise<RemoteModule>>();
  const loaded = new Map<string, RemoteModule>();
  registerRemotes(entries.map(({ name, entry }) => ({ name, entry })));

  return {
    load(name) {
      const cached = cache.get(name);
      if (cached) return cached;
      const pending = loadRemote<unknown>(`${name}/routes`).then((module) => {
        if (!isRemoteModule(module)) throw new Error(`Remote ${name} did not expose its routes`);
        loaded.set(name, module);
        return module;
      });
      pending.catch(() => cache.delete(name));
      cache.set(name, pending);
      return pending;
    },
    peek: (name) => loaded.get(name),
    retry(name) {
      cache.delete(name);
      loaded.delete(name);
      const entry = byName.get(name);
      if (entry) registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
    },
  };
}
