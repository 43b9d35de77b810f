import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { RequestUserService } from './request-user.service.js';

type Done<T> = (error: unknown, value?: T | false) => void;

/**
 * The session holds only the user's id; each request reads the current identity and, in parallel,
 * the current plans and credits (RequestUserService.forUserId: one indexed read each, never
 * cached).
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly requestUsers: RequestUserService) {
    super();
  }

  serializeUser(user: Express.User, done: Done<string>): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: Done<Express.User>): void {
    this.requestUsers.forUserId(id).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  }
}
