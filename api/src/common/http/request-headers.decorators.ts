import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

const header = (context: ExecutionContext, name: string): string | undefined =>
  context.switchToHttp().getRequest<Request>().get(name);

/** The request's User-Agent header, '' when absent. */
export const UserAgent = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => header(context, 'user-agent') ?? '',
);

/**
 * How long a form had been on screen when it was sent, in ms (the X-Form-Age header the site's
 * forms send); undefined when absent or not a whole number.
 */
export const FormAge = createParamDecorator(
  (_data: unknown, context: ExecutionContext): number | undefined => {
    const value = header(context, 'x-form-age');
    return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
  },
);

/**
 * The names of the preferences a Prefer header states (RFC 7240 §2), lower-cased: 'respond-async'
 * and 'wait' from `Prefer: respond-async, wait=10`; parameters and quoted values are skipped, and
 * several Prefer headers (joined with commas by Node) count as one list.
 */
export function preferenceNames(value: string | undefined): string[] {
  const preferences = (value ?? '').match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? [];
  return preferences
    .map((preference) => (preference.split(/[;=]/)[0] ?? '').trim().toLowerCase())
    .filter((name) => name !== '');
}

/**
 * Whether the request states `Prefer: respond-async` (RFC 7240 §4.1): the caller wants the job
 * answer (202) at once, whatever the work's size, and polls for the result.
 */
export const PrefersRespondAsync = createParamDecorator(
  (_data: unknown, context: ExecutionContext): boolean =>
    preferenceNames(header(context, 'prefer')).includes('respond-async'),
);
