// When queued comments are read: in the page's idle time (requestIdleCallback), in slices that
// stop once the idle period is spent, so scrolling and the player never wait on the classifier.

export type IdleDeadlineLike = { timeRemaining(): number };
export type Scheduler = (work: (deadline: IdleDeadlineLike) => void) => void;

/** A busy page still gets its comments read within this long. */
export const IDLE_TIMEOUT_MS = 1000;
/** Without requestIdleCallback: a 16 ms frame's worth of work after a short pause. */
const FALLBACK_SLICE_MS = 8;

export function idleScheduler(target: Window & typeof globalThis): Scheduler {
  if (typeof target.requestIdleCallback === 'function') {
    return (work) => {
      target.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    };
  }
  return (work) => {
    target.setTimeout(() => {
      const end = Date.now() + FALLBACK_SLICE_MS;
      work({ timeRemaining: () => Math.max(0, end - Date.now()) });
    }, 16);
  };
}
