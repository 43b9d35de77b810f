// The messages the sidebar shows. The API's own error text is shown as it is (spec §7: "Other
// server error text: shown as is"), with a hint where the person can do something about it.
import type { ErrorBody } from 'contracts';
import type { AddonError } from '../shared/sidebar-api.js';

export const MESSAGES = {
  network: 'Server is unreachable. Please try again later.',
  unknown: 'Something went wrong, please try again',
  noIdentity:
    'Google did not give the add-on your sign-in. Close the sidebar, open it again from Extensions and allow access.',
  signIn:
    'The server did not accept your Google sign-in. Open the add-on again; if this goes on, contact support.',
  buyCredits: 'Buy credits to read more pages.',
  tooLarge: 'Buy credits or a plan to upload files up to 30 MB.',
} as const;

export function apiError(status: number, body: Partial<ErrorBody> | undefined): AddonError {
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const text = typeof body?.error === 'string' && body.error ? body.error : undefined;
  const base = { status, ...(code ? { code } : {}) };
  if (status === 401) {
    return { ...base, message: text ? `${text} ${MESSAGES.signIn}` : MESSAGES.signIn };
  }
  if (status === 402 || code === 'NOT_ENOUGH_CREDITS') {
    return {
      ...base,
      message: `${text ?? 'Not enough credits.'} ${MESSAGES.buyCredits}`,
      buyCredits: true,
    };
  }
  if (status === 413 || code === 'IMAGE_SIZE_EXCEED') {
    return {
      ...base,
      message: `${text ?? 'The file is too large.'} ${MESSAGES.tooLarge}`,
      buyCredits: true,
    };
  }
  return { ...base, message: text ?? MESSAGES.unknown };
}

export function networkError(error: unknown): AddonError {
  const detail =
    error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return { message: MESSAGES.network, code: 'NETWORK_ERROR', ...(detail ? { detail } : {}) };
}

export const noIdentityError = (): AddonError => ({
  message: MESSAGES.noIdentity,
  code: 'NO_IDENTITY_TOKEN',
});

export const addonError = (message: string, code = 'BAD_REQUEST'): AddonError => ({
  message,
  code,
});
