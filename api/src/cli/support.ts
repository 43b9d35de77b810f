import { userInfo } from 'node:os';
import { randomUUID } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { isPlanCode, PLAN_TYPE_OF_CODE } from 'contracts';
import { NestFactory } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { parseArgs } from 'node:util';
import { BILLING_CONFIG, loadBillingConfig } from '../config/app-config.js';
import { BillingDataModule } from '../modules/billing/billing-data.module.js';
import { BillingService } from '../modules/billing/billing.service.js';
import { CreditsService } from '../modules/billing/credits.service.js';
import { EntitlementsService } from '../modules/billing/entitlements.service.js';
import { MessagesDataModule } from '../modules/messages/messages-data.module.js';
import { PaymentsDataModule } from '../modules/payments/payments-data.module.js';
import { PaymentsAuditService } from '../modules/payments/payments-audit.service.js';
import {
  SupportInboxService,
  type StoredMessage,
} from '../modules/messages/support-inbox.service.js';
import { UsersModule } from '../modules/users/users.module.js';
import { UsersService } from '../modules/users/users.service.js';
import { formatHeldPurchases, formatPaymentsAudit } from './payments-report.js';

// npm run support -- grant EMAIL | revoke EMAIL | list [--since DATE] [--limit N]
//                    | plan EMAIL PLAN [--until DATE] [--trial] | credits EMAIL +N|-N  [--by NAME]
//                    | payments EMAIL
// Manages the support role, reads the inbox and changes plans and add-on credits from a
// terminal, through the API's own services, against MONGODB_URI (the start script's embedded
// database when unset). Plan and credit changes are kept in the billing history with who made
// them: --by NAME, else the operating-system user.
const USAGE = `Usage:
  npm run support -- grant EMAIL      give the account with this email the support role
  npm run support -- revoke EMAIL     take the support role away
  npm run support -- list [--since YYYY-MM-DD] [--limit N]   recent messages, newest first
  npm run support -- plan EMAIL PLAN [--until YYYY-MM-DD] [--trial] [--by NAME]
      PLAN: pro-weekly, pro-monthly, pro-yearly, lifetime, or free to end the current plan;
      --until: last day (default: the plan's validity from now); --trial: a trial plan
  npm run support -- credits EMAIL +N|-N [--by NAME]
      add N add-on credits (they never expire), or take N back (never below 0)
  npm run support -- payments EMAIL   the person's orders, payments, webhook events and plan changes,
      and the purchases held for that checkout email (account or not)`;

const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

class UsageError extends Error {}

function cliModule(uri: string) {
  @Global()
  @Module({
    providers: [{ provide: BILLING_CONFIG, useValue: loadBillingConfig(process.env) }],
    exports: [BILLING_CONFIG],
  })
  class CliConfigModule {}

  @Module({
    imports: [
      MongooseModule.forRoot(uri, { serverSelectionTimeoutMS: 5000 }),
      CliConfigModule,
      UsersModule,
      MessagesDataModule,
      BillingDataModule,
      PaymentsDataModule,
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

type Services = {
  users: UsersService;
  inbox: SupportInboxService;
  entitlements: EntitlementsService;
  credits: CreditsService;
  billing: BillingService;
  payments: PaymentsAuditService;
};

// '-5' is a credit correction, not an option: parseArgs would read it as one.
const NEGATIVE = /^-\d+$/;
const NEGATIVE_MARK = 'negative:';

async function main(): Promise<number> {
  const { values, positionals: raw } = parseArgs({
    args: process.argv
      .slice(2)
      .map((arg) => (NEGATIVE.test(arg) ? `${NEGATIVE_MARK}${arg.slice(1)}` : arg)),
    allowPositionals: true,
    options: {
      since: { type: 'string' },
      limit: { type: 'string' },
      until: { type: 'string' },
      trial: { type: 'boolean' },
      by: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const positionals = raw.map((arg) =>
    arg.startsWith(NEGATIVE_MARK) ? `-${arg.slice(NEGATIVE_MARK.length)}` : arg,
  );
  const [command, argument, ...extra] = positionals;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (extra.length > 0 && command !== 'plan' && command !== 'credits') {
    throw new UsageError(`Unexpected: ${extra.join(' ')}`);
  }
  let run: (services: Services) => Promise<number>;
  const by = { kind: 'support' as const, name: values.by?.trim() || userInfo().username };
  if (command === 'plan' || command === 'credits') {
    const email = argument?.trim() ?? '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`${command} needs an email address`);
    const [what, ...more] = extra;
    if (what === undefined) {
      throw new UsageError(command === 'plan' ? 'plan needs a PLAN' : 'credits needs +N or -N');
    }
    if (more.length > 0) throw new UsageError(`Unexpected: ${more.join(' ')}`);
    run =
      command === 'plan'
        ? planCommand(email, what, values.until, values.trial === true, by)
        : creditsCommand(email, what, by);
  } else if (command === 'grant' || command === 'revoke') {
    const email = argument?.trim() ?? '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`${command} needs an email address`);
    const granted = command === 'grant';
    run = async ({ users }) => {
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
  } else if (command === 'payments') {
    const email = argument?.trim() ?? '';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError('payments needs an email address');
    run = async ({ users, payments }) => {
      const accounts = await users.findByEmail(email);
      const held = await payments.heldFor(email);
      if (accounts.length === 0 && held.length === 0) {
        process.stderr.write(`No account and no held purchase with the email ${email}.\n`);
        return 1;
      }
      for (const account of accounts) {
        process.stdout.write(
          `${formatPaymentsAudit(email, account.id, await payments.of(account.id))}\n`,
        );
      }
      process.stdout.write(`${formatHeldPurchases(email, held)}\n`);
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
    run = async ({ inbox }) => {
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
    return await run({
      users: app.get(UsersService),
      inbox: app.get(SupportInboxService),
      entitlements: app.get(EntitlementsService),
      credits: app.get(CreditsService),
      billing: app.get(BillingService),
      payments: app.get(PaymentsAuditService),
    });
  } finally {
    await app.close();
  }
}

type Support = { kind: 'support'; name: string };

async function accountsOf(users: UsersService, email: string) {
  const accounts = await users.findByEmail(email);
  if (accounts.length === 0) {
    process.stderr.write(
      `No account with the email ${email}. The person must sign in once first.\n`,
    );
  }
  return accounts;
}

const day = (date: Date | null): string => (date ? date.toISOString().slice(0, 10) : 'for ever');

function planCommand(
  email: string,
  plan: string,
  until: string | undefined,
  trial: boolean,
  by: Support,
): (services: Services) => Promise<number> {
  if (plan !== 'free' && !isPlanCode(plan)) {
    throw new UsageError(
      `Unknown plan ${plan}: one of pro-weekly, pro-monthly, pro-yearly, lifetime, free`,
    );
  }
  if (plan === 'free' && (until !== undefined || trial)) {
    throw new UsageError('free takes neither --until nor --trial');
  }
  let end: Date | undefined;
  if (until !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until))
      throw new UsageError('--until must be a date such as 2026-12-31');
    // The whole last day is included.
    end = new Date(`${until}T23:59:59.999Z`);
    if (Number.isNaN(end.getTime())) throw new UsageError('--until is not a real date');
    if (end.getTime() <= Date.now()) throw new UsageError('--until must be a day to come');
  }
  return async ({ users, entitlements, billing }) => {
    const accounts = await accountsOf(users, email);
    if (accounts.length === 0) return 1;
    for (const account of accounts) {
      const operationId = randomUUID();
      if (plan === 'free') {
        const outcome = await entitlements.supportRevoke(account.id, operationId, by);
        process.stdout.write(
          outcome === 'applied'
            ? `${email}: back on the free plan.\n`
            : `${email}: already on the free plan.\n`,
        );
      } else {
        const planType = PLAN_TYPE_OF_CODE[plan];
        await entitlements.supportGrant(
          account.id,
          planType,
          { ...(end ? { until: end } : {}), trial, operationId },
          by,
        );
        const now = await billing.entitlementsOf(account.id);
        process.stdout.write(
          `${email}: ${planType}${trial ? ' (trial)' : ''}, valid till ${day(now.validTill)}.\n`,
        );
      }
    }
    return 0;
  };
}

function creditsCommand(
  email: string,
  amount: string,
  by: Support,
): (services: Services) => Promise<number> {
  if (!/^[+-]?\d+$/.test(amount) || Number(amount) === 0 || !Number.isSafeInteger(Number(amount))) {
    throw new UsageError('credits takes +N or -N, N a whole number above 0');
  }
  const delta = Number(amount);
  return async ({ users, credits }) => {
    const accounts = await accountsOf(users, email);
    if (accounts.length === 0) return 1;
    for (const account of accounts) {
      const after = await credits.adjust(account.id, delta, by);
      process.stdout.write(
        `${email}: ${String(after.topUpBalance + after.defaultBalance)} credits (${String(after.defaultBalance)} this month's allowance + ${String(after.topUpBalance)} top-up).\n`,
      );
    }
    return 0;
  };
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
