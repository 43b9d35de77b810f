import { useCallback, useEffect, useState } from 'react';
import type { RemoteModule } from 'shared-ui';
import { useRemoteLoader } from './RemoteLoaderContext';

export type RemoteState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteModule }
  | { status: 'failed'; error: Error };

const LOADING: RemoteState = { status: 'loading' };

/** Loads a remote's exposed module; `retry` forgets the failure and tries again. */
export function useRemoteModule(name: string): { state: RemoteState; retry: () => void } {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  // Each result remembers which attempt it answers, so a new attempt reads as loading.
  const key = `${name}#${attempt}`;
  const [result, setResult] = useState<{ key: string; state: RemoteState } | null>(null);

  // Failed before the app rendered (main.tsx waits for a prerendered page's remote): the page
  // shows its fallback at once, and Retry loads again.
  const [initialFailure] = useState(() => loader.takeFailure(name));
  const failedBefore = attempt === 0 ? initialFailure : undefined;

  useEffect(() => {
    if (failedBefore) return;
    let live = true;
    loader.load(name).then(
      (module) => {
        if (live) setResult({ key, state: { status: 'ready', module } });
      },
      (error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        if (live) setResult({ key, state: { status: 'failed', error: failure } });
      },
    );
    return () => {
      live = false;
    };
  }, [loader, name, key, failedBefore]);

  const retry = useCallback(() => {
    loader.retry(name);
    setAttempt((n) => n + 1);
  }, [loader, name]);

  const known = loader.peek(name);
  const fallback: RemoteState = known
    ? { status: 'ready', module: known }
    : failedBefore
      ? { status: 'failed', error: failedBefore }
      : LOADING;
  return { state: result?.key === key ? result.state : fallback, retry };
}
