import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { UsersService } from '../users/users.service.js';

type Done<T> = (error: unknown, value?: T | false) => void;

/** The session holds only the user's id; each request reads the current record. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UsersService) {
    super();
  }

  serializeUser(user: Express.User, done: Done<string>): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: Done<Express.User>): void {
    this.users.findById(id).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  }
}
