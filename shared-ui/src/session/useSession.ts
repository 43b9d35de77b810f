import { useEffect, useSyncExternalStore } from 'react';
import { apiFetch } from './api-client';
import type { SessionState, User } from './user';

// One session store for the whole federation (shared-ui is a singleton), so the navbar and every
// remote see the same answer from one GET /api/me.
let state: SessionState = undefined;
let inflight: Promise<SessionState> | null = null;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as User).email === 'string';
}

/** Fetches the session once (or again when forced). A failing call gives null, silently. */
export function loadSession(force = false): Promise<SessionState> {
  if (inflight && !force) return inflight;
  inflight = apiFetch('/api/me')
    .then(async (response) => {
      if (!response.ok) return null;
      const body = (await response.json()) as { user?: unknown };
      return isUser(body.user) ? body.user : null;
    })
    .catch(() => null)
    .then((user) => {
      setState(user);
      return user;
    });
  return inflight;
}

/** For tests: forget what was loaded. */
export function resetSession(): void {
  inflight = null;
  state = undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = (): SessionState => state;

export function useSession(): SessionState {
  const session = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    void loadSession();
  }, []);
  return session;
}
