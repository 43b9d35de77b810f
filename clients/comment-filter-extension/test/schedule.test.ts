import { FORCED_SLICE_MS, IDLE_TIMEOUT_MS, idleScheduler } from '../src/content/schedule';

type Callback = (deadline: IdleDeadline) => void;

function fakeWindow(withIdle: boolean) {
  let time = 0;
  const idle: { callback: Callback; options?: IdleRequestOptions }[] = [];
  const timers: (() => void)[] = [];
  return {
    idle,
    timers,
    advance: (ms: number) => (time += ms),
    target: {
      requestIdleCallback: withIdle
        ? (callback: Callback, options?: IdleRequestOptions) => idle.push({ callback, options })
        : undefined,
      setTimeout: (handler: () => void) => timers.push(handler),
      performance: { now: () => time },
    },
  };
}

describe('the idle scheduler', () => {
  it('hands the work the idle deadline, and asks to run within the timeout', () => {
    const win = fakeWindow(true);
    const seen: number[] = [];
    idleScheduler(win.target)((deadline) => seen.push(deadline.timeRemaining()));
    expect(win.idle[0]?.options).toEqual({ timeout: IDLE_TIMEOUT_MS });
    win.idle[0]?.callback({ didTimeout: false, timeRemaining: () => 37 });
    expect(seen).toEqual([37]);
  });

  it('gives a timed-out callback a short slice of its own instead of none', () => {
    const win = fakeWindow(true);
    const seen: number[] = [];
    idleScheduler(win.target)((deadline) => {
      seen.push(deadline.timeRemaining());
      win.advance(5);
      seen.push(deadline.timeRemaining());
      win.advance(5);
      seen.push(deadline.timeRemaining());
    });
    win.idle[0]?.callback({ didTimeout: true, timeRemaining: () => 0 });
    expect(seen).toEqual([FORCED_SLICE_MS, FORCED_SLICE_MS - 5, 0]);
  });

  it('falls back to a timer and the same short slice without requestIdleCallback', () => {
    const win = fakeWindow(false);
    const seen: number[] = [];
    idleScheduler(win.target)((deadline) => seen.push(deadline.timeRemaining()));
    expect(win.timers).toHaveLength(1);
    win.timers[0]?.();
    expect(seen).toEqual([FORCED_SLICE_MS]);
  });
});
