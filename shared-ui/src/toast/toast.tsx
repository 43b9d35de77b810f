import { useEffect, useState, type ComponentType } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

/** Default auto-close per surface: 5 s, 3 s on the spreadsheet add-on pages (spec §2, §9). */
export const TOAST_DURATION_MS = { main: 5000, addon: 3000 } as const;

/** Alt+T focuses the toast region (spec §2). */
export const TOAST_HOTKEY = ['altKey', 'KeyT'];

// sonner (10 KB gzip) is not part of the first page: it loads on the first toast. Its `toast`
// keeps a toast made before the Toaster subscribed and shows it once the Toaster mounts.
type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | undefined;
const hosts = new Set<(toaster: ComponentType<ToasterProps>) => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    sonner.then(
      (module) => hosts.forEach((show) => show(module.Toaster)),
      () => {
        sonner = undefined; // a failed download is tried again on the next toast
      },
    );
  }
  return sonner;
}

export function ToastHost({ surface }: { surface: keyof typeof TOAST_DURATION_MS }) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    const show = (toaster: ComponentType<ToasterProps>) => setToaster(() => toaster);
    hosts.add(show);
    // A toast asked for before this host mounted.
    sonner?.then(
      (module) => show(module.Toaster),
      () => undefined,
    );
    return () => {
      hosts.delete(show);
    };
  }, []);
  if (!Toaster) return null;
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

type Message = Parameters<Sonner['toast']>[0];
type Call = (toast: Sonner['toast']) => unknown;

function later(call: Call): void {
  loadSonner().then(
    (module) => call(module.toast),
    (error: unknown) => console.error('The toast could not be shown', error),
  );
}

/**
 * sonner's `toast`, loading sonner on first use. Remotes import it from shared-ui (a federation
 * singleton), so every toast reaches the one container the shell renders.
 */
export const toast = Object.assign(
  (message: Message, data?: ExternalToast): void => later((t) => t(message, data)),
  {
    success: (message: Message, data?: ExternalToast): void =>
      later((t) => t.success(message, data)),
    error: (message: Message, data?: ExternalToast): void => later((t) => t.error(message, data)),
    info: (message: Message, data?: ExternalToast): void => later((t) => t.info(message, data)),
    warning: (message: Message, data?: ExternalToast): void =>
      later((t) => t.warning(message, data)),
    dismiss: (id?: string | number): void => {
      // Nothing to dismiss before sonner has loaded.
      if (sonner) later((t) => t.dismiss(id));
    },
  },
);
