import { useSyncExternalStore } from 'react';

// The feedback popup belongs to the shell's layout, but remotes open it too (the download toast,
// the daily-limit message), so its open state is a tiny shared store.
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  open = next;
  listeners.forEach((listener) => listener());
}

export const openFeedbackPopup = (): void => set(true);
export const closeFeedbackPopup = (): void => set(false);

export function useFeedbackPopupOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => open,
  );
}
