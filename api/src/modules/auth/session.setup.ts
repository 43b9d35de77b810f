import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import MongoStore from 'connect-mongo';
import session from 'express-session';
import type { Connection } from 'mongoose';
import passport from 'passport';
import type { AppConfig } from '../../config/app-config.js';
import { SESSIONS_COLLECTION } from './session-cleanup.service.js';

/**
 * Server-side sessions in MongoDB. Expired sessions are removed by SessionCleanupService rather
 * than a TTL index, which FerretDB does not support. Passport regenerates the session id at
 * sign-in and logout.
 */
export function setupSessions(app: INestApplication, config: AppConfig): void {
  const connection = app.get<Connection>(getConnectionToken());
  app.use(
    session({
      name: config.session.cookieName,
      secret: config.session.secret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      store: MongoStore.create({
        client: connection.getClient(),
        dbName: connection.db?.databaseName,
        collectionName: SESSIONS_COLLECTION,
        autoRemove: 'disabled', // SessionCleanupService deletes expired sessions

        ttl: Math.round(config.session.maxAgeMs / 1000),
      }),
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.session.secureCookie,
        path: '/',
        maxAge: config.session.maxAgeMs,
      },
    }),
  );
  app.use(passport.initialize());
  app.use(passport.session());
}
