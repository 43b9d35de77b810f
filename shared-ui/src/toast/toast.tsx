import { Toaster, toast } from 'sonner';

/** Default auto-close per surface: 5 s, 3 s on the spreadsheet add-on pages (spec §2, §9). */
export const TOAST_DURATION_MS = { main: 5000, addon: 3000 } as const;

/** Alt+T focuses the toast region (spec §2). */
export const TOAST_HOTKEY = ['altKey', 'KeyT'];

export function ToastHost({ surface }: { surface: keyof typeof TOAST_DURATION_MS }) {
  return (
    <Toaster
      position="bottom-right"
      duration={TOAST_DURATION_MS[surface]}
      hotkey={TOAST_HOTKEY}
      closeButton
      richColors
    />
  );
}

// Remotes import `toast` from shared-ui (a federation singleton), so every toast reaches the one
// container the shell renders.
export { toast };
