import { jest } from '@jest/globals';
import session, { type SessionData } from 'express-session';
import { cacheSessions } from './session-cache.js';

// A real express-session MemoryStore behind the cache, counting the reads that reach it.
function countedStore() {
  const store = new session.MemoryStore();
  const original = store.get.bind(store);
  let reads = 0;
  store.get = (sid, callback) => {
    reads += 1;
    original(sid, callback);
  };
  return { store, reads: () => reads };
}

// A session as a store holds it: the cookie's expiry as the store serialised it.
const data = (user: string, expiresInMs = 60_000): SessionData =>
  JSON.parse(
    JSON.stringify({
      cookie: { originalMaxAge: expiresInMs, expires: new Date(Date.now() + expiresInMs) },
      passport: { user },
    }),
  ) as SessionData;

const read = (store: session.Store, sid: string) =>
  new Promise<SessionData | null | undefined>((resolve, reject) => {
    store.get(sid, (error, value) => (error ? reject(error as Error) : resolve(value)));
  });
const write = (store: session.Store, sid: string, value: SessionData) =>
  new Promise<void>((resolve) => {
    store.set(sid, value, () => resolve());
  });
const remove = (store: session.Store, sid: string) =>
  new Promise<void>((resolve) => {
    store.destroy(sid, () => resolve());
  });

describe('cacheSessions', () => {
  afterEach(() => jest.useRealTimers());

  it('serves a session read in the last seconds from memory', async () => {
    const { store, reads } = countedStore();
    cacheSessions(store, 10_000);
    await write(store, 'a', data('u1'));
    expect(await read(store, 'a')).toMatchObject({ passport: { user: 'u1' } });
    expect(await read(store, 'a')).toMatchObject({ passport: { user: 'u1' } });
    expect(await read(store, 'a')).toMatchObject({ passport: { user: 'u1' } });
    expect(reads()).toBe(1);
  });

  it('forgets a session written or destroyed here at once (logout applies on the next request)', async () => {
    const { store, reads } = countedStore();
    cacheSessions(store, 10_000);
    await write(store, 'a', data('u1'));
    await read(store, 'a');
    await write(store, 'a', data('u2'));
    expect(await read(store, 'a')).toMatchObject({ passport: { user: 'u2' } });
    await remove(store, 'a');
    expect(await read(store, 'a')).toBeFalsy();
    expect(reads()).toBe(3);
  });

  it('reads the store again once the time is up, and never serves an expired session', async () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate'] });
    const { store, reads } = countedStore();
    cacheSessions(store, 10_000);
    await write(store, 'a', data('u1', 5_000));
    await read(store, 'a');
    jest.setSystemTime(Date.now() + 6_000);
    expect(await read(store, 'a')).toBeFalsy(); // expired: not from the cache, and gone below
    expect(reads()).toBe(2);
  });

  it('caches nothing with a time of 0', async () => {
    const { store, reads } = countedStore();
    expect(cacheSessions(store, 0)).toBe(store);
    await write(store, 'a', data('u1'));
    await read(store, 'a');
    await read(store, 'a');
    expect(reads()).toBe(2);
  });
});
