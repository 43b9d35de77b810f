import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

// The action an error report is tagged with (spec §7): 'extraction', 'payments', 'forms',
// 'login'... set on a controller or handler; otherwise Controller.handler. Recorded on the request
// by the first global guards, like the error envelope, so the exception filter knows it for
// errors of later guards, pipes and handlers alike.
const ERROR_ACTION = 'errorAction';
type ActionRequest = Request & { errorAction?: string };

/** Names the action of a controller's routes (or one handler's) in error reports. */
export const ErrorAction = (action: string): MethodDecorator & ClassDecorator =>
  SetMetadata(ERROR_ACTION, action);

/** The request's action; before routing (body parsing, sessions): its method and path. */
export const errorActionOf = (request: Request): string =>
  (request as ActionRequest).errorAction ?? `${request.method} ${request.path}`;

@Injectable()
export class ErrorActionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const named = this.reflector.getAllAndOverride<string | undefined>(ERROR_ACTION, [
      context.getHandler(),
      context.getClass(),
    ]);
    context.switchToHttp().getRequest<ActionRequest>().errorAction =
      named ?? `${context.getClass().name}.${context.getHandler().name}`;
    return true;
  }
}
