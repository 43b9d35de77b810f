import { useCallback, useEffect, useRef, useState } from 'react';
import { loadClassifier, type Classifier } from './load-classifier';

export type ClassifierState =
  | { status: 'loading' }
  | { status: 'ready'; classifier: Classifier }
  | { status: 'failed'; error: string };

/** Loads the classifier once the demo is shown; `retry` tries again after a failure. */
export function useClassifier(load: () => Promise<Classifier> = loadClassifier) {
  const [state, setState] = useState<ClassifierState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The loader of the first render: a new function on a later render starts no new load.
  const loader = useRef(load);
  useEffect(() => {
    let current = true;
    loader.current().then(
      (classifier) => current && setState({ status: 'ready', classifier }),
      (error: unknown) => {
        console.error('The comment classifier could not load', error);
        if (current) {
          setState({
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
