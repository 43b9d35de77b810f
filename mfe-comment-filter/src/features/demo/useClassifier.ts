import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { loadClassifier, type Classifier } from './load-classifier';

export type ClassifierState =
  | { status: 'loading' }
  | { status: 'ready'; classifier: Classifier }
  | { status: 'failed'; error: string };

/**
 * Whether `target` has come near the viewport (within a screen's height below it): the demo sits
 * below the fold, so a visitor who never scrolls to it never downloads the classifier (about 1 MB
 * gzipped, and seconds of a phone's main thread to build its model). Where the browser has no
 * IntersectionObserver, at once.
 */
function useNearViewport(target: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}

/**
 * Loads the classifier once the demo (`target`) comes near the viewport; `retry` tries again
 * after a failure.
 */
export function useClassifier(
  target: RefObject<Element | null>,
  load: () => Promise<Classifier> = loadClassifier,
) {
  const [state, setState] = useState<ClassifierState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const near = useNearViewport(target);
  // The loader of the first render: a new function on a later render starts no new load.
  const loader = useRef(load);
  useEffect(() => {
    if (!near) return;
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
  }, [attempt, near]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
