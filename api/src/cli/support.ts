import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { parseArgs } from 'node:util';
import { MessagesDataModule } from '../modules/messages/messages-data.module.js';
import {
  SupportInboxService,
  type StoredMessage,
} from '../modules/messages/support-inbox.service.js';
import { UsersModule } from '../modules/users/users.module.js';
import { UsersService } from '../modules/users/users.service.js';

// npm run support -- grant EMAIL | revoke EMAIL | list [--since DATE] [--limit N]
// Manages the support role and reads the inbox from a terminal, through the API's own
// services, against MONGODB_URI (the start script's embedded database when unset).
const USAGE = `Usage:
  npm run support -- grant EMAIL      give the account with this email the support role
  npm run support -- revoke EMAIL     take the support role away
  npm run support -- list [--since YYYY-MM-DD] [--limit N]   recent messages, newest first`;

const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

class UsageError extends Error {}

function cliModule(uri: string) {
  @Module({
    imports: [
      MongooseModule.forRoot(uri, { serverSelectionTimeoutMS: 5000 }),
      UsersModule,
      MessagesDataModule,
    ],
  })
  class SupportCliModule {}
  return SupportCliModule;
}

const one = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function formatMessage(message: StoredMessage): string {
  const when = message.createdAt.toISOString().replace('T', ' ').slice(0, 16);
  const state = message.handled ? `handled by ${message.handledBy ?? '?'}` : 'open';
  const from =
    typeof message.fields.name === 'string'
      ? `${message.fields.name} <${String(message.fields.email ?? '')}>`
      : (message.userEmail ?? 'anonymous visitor');
  const lines = [
    `${when} UTC  ${message.kind}/${message.form}  ${message.surface}  [${state}]  ${from}`,
  ];
  for (const [name, value] of Object.entries(message.fields)) {
    if (name === 'name' || name === 'email') continue;
    lines.push(`    ${name}: ${one(String(value))}`);
  }
  lines.push(`    id: ${message.id}`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      since: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, argument, ...extra] = positionals;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (extra.length > 0) throw new UsageError(`Unexpected: ${extra.join(' ')}`);
  let run: (users: UsersService, inbox: SupportInboxService) => Promise<number>;
  if (command === 'grant' || command === 'revoke') {
    const email = argument?.trim() ?? '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`${command} needs an email address`);
    const granted = command === 'grant';
    run = async (users) => {
      const matched = await users.setRole(email, 'support', granted);
      if (matched === 0) {
        process.stderr.write(
          `No account with the email ${email}. The person must sign in once first.\n`,
        );
        return 1;
      }
      process.stdout.write(
        granted
          ? `${email} now has the support role (${String(matched)} account${matched === 1 ? '' : 's'}); /support is open to them.\n`
          : `${email} no longer has the support role.\n`,
      );
      return 0;
    };
  } else if (command === 'list') {
    if (argument !== undefined) throw new UsageError(`Unexpected: ${argument}`);
    if (values.since !== undefined && !DATE.test(values.since)) {
      throw new UsageError('--since must be a date such as 2026-11-01');
    }
    const since = values.since === undefined ? undefined : new Date(values.since);
    if (since && Number.isNaN(since.getTime())) throw new UsageError('--since is not a real date');
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      throw new UsageError('--limit must be a whole number from 1 to 1000');
    }
    run = async (_users, inbox) => {
      const found = await inbox.recent({ ...(since ? { since } : {}), limit });
      if (found.length === 0) {
        process.stdout.write(
          since ? `No messages since ${values.since ?? ''}.\n` : 'No messages.\n',
        );
        return 0;
      }
      process.stdout.write(`${found.map(formatMessage).join('\n\n')}\n`);
      return 0;
    };
  } else {
    throw new UsageError(command ? `Unknown command: ${command}` : 'A command is needed');
  }

  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set (npm run support sets it)');
  const app = await NestFactory.createApplicationContext(cliModule(uri), { logger: false });
  try {
    return await run(app.get(UsersService), app.get(SupportInboxService));
  } finally {
    await app.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
