import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { notifyUpgradeIfFlagged, rememberExtensionSource } from './overlay-checkout';

/** Whether this is an extension-origin session (?source=extension now or before: fromExtension). */
export function useExtensionSession(): boolean {
  const location = useLocation();
  const [fromExtension, setFromExtension] = useState(false);
  useEffect(() => {
    setFromExtension(rememberExtensionSource(location.search));
  }, [location.search]);
  return fromExtension;
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
