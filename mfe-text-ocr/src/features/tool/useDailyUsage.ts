import type { DailyUsageResponse } from 'contracts';
import { useCallback, useEffect, useState } from 'react';
import { apiFetch, type User } from 'shared-ui';

const readUsage = (body: Partial<DailyUsageResponse> & Record<string, unknown>) =>
  body.unlimited === true ||
  (body.unlimited === false && typeof body.remaining === 'number' && typeof body.limit === 'number')
    ? (body as DailyUsageResponse)
    : null;

/**
 * Today's extractions from GET /api/usage, read again after each extraction (`refresh`) and when
 * the feedback bonus arrives; null while unknown or when the API cannot say (nothing is shown).
 */
export function useDailyUsage(user: User) {
  const [usage, setUsage] = useState<DailyUsageResponse | null>(null);
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  const { isPremium, isTextOcrFeedbackSubmitted } = user;

  useEffect(() => {
    let live = true;
    apiFetch('/api/usage')
      .then((response) =>
        response.ok ? (response.json() as Promise<Record<string, unknown>>) : null,
      )
      .then((body) => {
        if (live) setUsage(body ? readUsage(body) : null);
      })
      .catch(() => {
        if (live) setUsage(null);
      });
    return () => {
      live = false;
    };
  }, [asked, isPremium, isTextOcrFeedbackSubmitted]);

  return { usage, refresh };
}
