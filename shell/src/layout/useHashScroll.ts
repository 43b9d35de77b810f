import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const HASH_SCROLL_ATTEMPTS = 10;
export const HASH_SCROLL_INTERVAL_MS = 200;

/**
 * Scrolls to the element named by the URL hash (#how-it-works, #faq). Remote pages render after
 * they load, so it retries up to 10 times at 200 ms (spec §2). Without a hash a new page starts
 * at the top.
 */
export function useHashScroll(): void {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return undefined;
    }
    const id = decodeURIComponent(hash.slice(1));
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return;
      }
      attempts += 1;
      if (attempts < HASH_SCROLL_ATTEMPTS) timer = setTimeout(tryScroll, HASH_SCROLL_INTERVAL_MS);
    };
    tryScroll();
    return () => clearTimeout(timer);
  }, [pathname, hash, key]);
}
