import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Loads `load()` on mount and on `retry()`. `load` must be stable (a module function); an answer
 * that arrives after unmount or after a newer request is dropped.
 */
export function useApiResource<T>(load: () => Promise<T>): Resource<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [resource, setResource] = useState<Resource<T>>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setResource({ status: 'ready', data }),
      (error: unknown) =>
        live &&
        setResource({
          status: 'error',
          message: error instanceof Error ? error.message : 'Something went wrong.',
        }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setResource({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...resource, retry };
}
