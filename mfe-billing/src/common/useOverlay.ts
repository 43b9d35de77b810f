import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { notifyUpgradeIfFlagged, rememberExtensionSource } from './overlay-checkout';

/** Whether this is an extension-origin session (?source=extension now or before: fromExtension). */
export function useExtensionSession(): boolean {
  const location = useLocation();
  // Idempotent: reads, and writes the flag only when the query says so.
  return useMemo(() => rememberExtensionSource(location.search), [location.search]);
}

/** On a pricing page's load: the upgrade toast after a Checkout.Success reload (once). */
export function useUpgradeNotice(): void {
  const location = useLocation();
  useEffect(() => {
    void notifyUpgradeIfFlagged({ fromExtension: rememberExtensionSource(location.search) });
    // Once per page load: the flag is removed as it is read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
