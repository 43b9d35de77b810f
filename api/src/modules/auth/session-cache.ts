import type { SessionData, Store } from 'express-session';
import { LRUCache } from 'lru-cache';

type Callback<T = void> = (error?: unknown, value?: T | null) => void;
type StoredSession = SessionData;

/**
 * Keeps recently read sessions in memory for `ttlMs`, so that a signed-in request does not read
 * its session from the database each time. A session holds identity only (the passport user id,
 * a sign-in's state while it runs): the user's plan, credits and roles are still read fresh on
 * every request. Writes and deletions in this process go to the database and drop the cached
 * copy, so a logout here applies at once; another API instance may still accept a cookie logged
 * out elsewhere for up to `ttlMs`. A session past its expiry is never served from the cache.
 */
export function cacheSessions<S extends Store>(store: S, ttlMs: number, max = 10_000): S {
  if (ttlMs <= 0) return store;
  const cache = new LRUCache<string, StoredSession>({ max, ttl: ttlMs });
  const get = store.get.bind(store);
  const set = store.set.bind(store);
  const destroy = store.destroy.bind(store);

  // The stored cookie's expiry, as the store wrote it (a date or its JSON string).
  const expired = (session: StoredSession): boolean => {
    const { expires } = session.cookie as unknown as { expires?: Date | string | null };
    return expires !== undefined && expires !== null && new Date(expires).getTime() <= Date.now();
  };

  store.get = (sid: string, callback: Callback<SessionData>) => {
    const hit = cache.get(sid);
    if (hit && !expired(hit)) {
      callback(null, structuredClone(hit));
      return;
    }
    cache.delete(sid);
    get(sid, (error, session) => {
      if (!error && session) cache.set(sid, structuredClone(session));
      callback(error, session);
    });
  };
  store.set = (sid: string, session: SessionData, callback?: Callback) => {
    cache.delete(sid);
    set(sid, session, callback);
  };
  store.destroy = (sid: string, callback?: Callback) => {
    cache.delete(sid);
    destroy(sid, callback);
  };
  return store;
}
