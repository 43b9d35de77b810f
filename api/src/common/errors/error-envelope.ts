import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

// How a route's errors are wrapped: `{ code, error }`, or the forms' `{ success: false, code,
// error }` (spec §7). Chosen by route metadata and applied by the one exception filter.
export type ErrorEnvelope = 'plain' | 'form';

const ERROR_ENVELOPE = 'errorEnvelope';
type EnvelopedRequest = Request & { errorEnvelope?: ErrorEnvelope };

/** The routes of a controller (or one handler) answer errors in the forms' envelope. */
export const FormErrorEnvelope = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ERROR_ENVELOPE, 'form');

export const errorEnvelopeOf = (request: Request): ErrorEnvelope =>
  (request as EnvelopedRequest).errorEnvelope ?? 'plain';

/**
 * Records the route's envelope on the request before anything can fail (it is the first global
 * guard), so the filter sees it for errors of later guards, pipes and handlers alike.
 */
@Injectable()
export class ErrorEnvelopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const envelope = this.reflector.getAllAndOverride<ErrorEnvelope | undefined>(ERROR_ENVELOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (envelope) context.switchToHttp().getRequest<EnvelopedRequest>().errorEnvelope = envelope;
    return true;
  }
}
