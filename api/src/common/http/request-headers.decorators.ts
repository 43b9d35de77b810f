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
