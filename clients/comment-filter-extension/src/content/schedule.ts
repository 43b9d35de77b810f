// When queued comments are read: in the page's idle time (requestIdleCallback), in slices that
// stop once the idle period is spent, so scrolling and the player never wait on the classifier.
// A page that is never idle still gets its comments read: after IDLE_TIMEOUT_MS the callback
// runs anyway, with a short slice of its own (a timed-out idle callback has no idle time left,
// which would otherwise mean one comment a second).

export type IdleDeadlineLike = { timeRemaining(): number };
export type Scheduler = (work: (deadline: IdleDeadlineLike) => void) => void;

export const IDLE_TIMEOUT_MS = 1000;
/** The slice a timed-out callback, or a browser without requestIdleCallback, gets: half a frame. */
export const FORCED_SLICE_MS = 8;

type IdleWindow = {
  requestIdleCallback?: (
    callback: (deadline: IdleDeadline) => void,
    options?: IdleRequestOptions,
  ) => number;
  setTimeout: (handler: () => void, timeout?: number) => number;
  performance: { now(): number };
};

function forcedSlice(clock: { now(): number }): IdleDeadlineLike {
  const end = clock.now() + FORCED_SLICE_MS;
  return { timeRemaining: () => Math.max(0, end - clock.now()) };
}

export function idleScheduler(target: IdleWindow): Scheduler {
  const { requestIdleCallback } = target;
  if (typeof requestIdleCallback === 'function') {
    return (work) => {
      requestIdleCallback.call(
        target,
        (deadline) => work(deadline.didTimeout ? forcedSlice(target.performance) : deadline),
        { timeout: IDLE_TIMEOUT_MS },
      );
    };
  }
  return (work) => {
    target.setTimeout(() => work(forcedSlice(target.performance)), 16);
  };
}
