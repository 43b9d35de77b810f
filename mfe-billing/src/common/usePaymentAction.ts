import { useCallback, useState } from 'react';
import { reportError } from 'shared-ui';
import type { PaymentOutcome } from './payments';

/**
 * Runs a payment action and keeps what it said, for a live region next to the button that
 * started it. A failure is logged (spec §8) and said in the same place.
 */
export function usePaymentAction(): {
  message: string | null;
  run: (action: () => Promise<PaymentOutcome>) => void;
} {
  const [message, setMessage] = useState<string | null>(null);
  const run = useCallback((action: () => Promise<PaymentOutcome>) => {
    setMessage(null);
    action().then(
      (outcome) => setMessage(outcome.message),
      (error: unknown) => {
        reportError(error, { action: 'payments' });
        setMessage('Something went wrong. Please try again, or Contact Support for help.');
      },
    );
  }, []);
  return { message, run };
}
