import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import MongoStore from 'connect-mongo';
import type { RequestHandler } from 'express';
import session, { type Session, type SessionData } from 'express-session';
import type { Connection } from 'mongoose';
import passport from 'passport';
import type { AppConfig } from '../../config/app-config.js';
import { cacheSessions } from './session-cache.js';
import { SESSIONS_COLLECTION } from './session-cleanup.service.js';

/**
 * Server-side sessions in MongoDB. Expired sessions are removed by SessionCleanupService rather
 * than a TTL index, which FerretDB does not support. Passport regenerates the session id at
 * sign-in and logout. Only the sign-in start (/auth/google, set-redirect) creates a session.
 *
 * Sessions read in the last SESSION_CACHE_SECONDS are served from memory (session-cache.ts).
 * A signed-in request writes nothing back while more than half of the session's lifetime is
 * left: its expiry (in the store and in the cookie) is renewed once that half has passed. Rolling
 * sessions wrote it on every request, which made signed-in requests ~40× slower than anonymous.
 */
export function setupSessions(app: INestApplication, config: AppConfig): void {
  const connection = app.get<Connection>(getConnectionToken());
  app.use(
    session({
      name: config.session.cookieName,
      secret: config.session.secret,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      // Identity only, for a few seconds: see session-cache.ts.
      store: cacheSessions(
        MongoStore.create({
          client: connection.getClient(),
          dbName: connection.db?.databaseName,
          collectionName: SESSIONS_COLLECTION,
          autoRemove: 'disabled', // SessionCleanupService deletes expired sessions
          ttl: Math.round(config.session.maxAgeMs / 1000),
          // express-session touches the store on each unmodified request: skip the write until
          // half the lifetime has passed (renewSessionWhenDue re-saves it then, with the cookie).
          touchAfter: Math.round(config.session.maxAgeMs / 2000),
        }),
        config.session.cacheMs,
      ),
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.session.secureCookie,
        path: '/',
        maxAge: config.session.maxAgeMs,
      },
    }),
  );
  app.use(renewSessionWhenDue(config.session.maxAgeMs));
  app.use(passport.initialize());
  app.use(passport.session());
}

/**
 * Marks a signed-in session as changed once less than half its lifetime is left, so that
 * express-session saves it (new expiry in the store) and sends the cookie again (new expiry in
 * the browser). Anonymous and fresh sessions are left alone: nothing here creates a session row.
 */
export function renewSessionWhenDue(maxAgeMs: number): RequestHandler {
  return (req, _res, next) => {
    const current = req.session as Partial<Session & SessionData> | undefined;
    if (current?.passport?.user) {
      const now = Date.now();
      if (now - (current.renewedAt ?? 0) >= maxAgeMs / 2) current.renewedAt = now;
    }
    next();
  };
}
