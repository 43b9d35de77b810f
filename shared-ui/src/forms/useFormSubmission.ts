import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../errors/report-error';
import { apiFetch } from '../session/api-client';

// The feedback and contact forms' states (spec §4 'Forms'): idle → sending (button disabled,
// 'Sending...') → the server's message on success (the form resets) or a failure message;
// messages clear after 4 s. Failure texts are spec §8's.
export const STATUS_CLEAR_MS = 4000;
export const FAILED_TO_SEND = 'Failed to send message.';
export const REQUEST_FAILED = 'Something went wrong. Please try again later.';

export type FormState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'success'; message: string }
  | { status: 'error'; message: string };

type Answer = { success?: unknown; message?: unknown; error?: unknown };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

/**
 * POSTs JSON to `path` and tracks the answer; `onSuccess` runs after a success. The body may be a
 * promise (texts still being sanitised): the form shows 'sending' at once either way.
 */
export function useFormSubmission(path: string, onSuccess?: (message: string) => void) {
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // When the form was first shown: the server keeps nothing sent within 2 s of it (a bot).
  const shownAt = useRef<number | null>(null);
  useEffect(() => {
    shownAt.current ??= Date.now();
  }, []);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const settle = useCallback((next: FormState) => {
    setState(next);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setState({ status: 'idle' }), STATUS_CLEAR_MS);
  }, []);

  const submit = useCallback(
    async (body: Record<string, unknown> | Promise<Record<string, unknown>>): Promise<boolean> => {
      setState({ status: 'sending' });
      let response: Response;
      let answer: Answer;
      try {
        const payload = await body;
        const age = Date.now() - (shownAt.current ?? Date.now());
        response = await apiFetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-form-age': String(Math.max(0, age)) },
          body: JSON.stringify(payload),
        });
        answer = (await response.json().catch(() => ({}))) as Answer;
      } catch (error) {
        // The form's fields stay out of the report: only what failed, under 'forms:<path>'.
        reportError(error, { action: `forms:${path}` });
        settle({ status: 'error', message: REQUEST_FAILED });
        return false;
      }
      if (response.ok && answer.success === true) {
        const message = text(answer.message) ?? 'Thank you!';
        settle({ status: 'success', message });
        onSuccess?.(message);
        return true;
      }
      // success: false → the server's error or 'Failed to send message.'; any other failed
      // request → the server's error or the generic text.
      const fallback = answer.success === false ? FAILED_TO_SEND : REQUEST_FAILED;
      settle({ status: 'error', message: text(answer.error) ?? fallback });
      return false;
    },
    [path, onSuccess, settle],
  );

  return { state, submit, sending: state.status === 'sending' };
}
