// Seeds billing states the support command cannot express — a renewing subscription of the
// hosted overlay, its cancellation, a recorded payment — through the API's own compiled services
// (EntitlementsService.grant/cancel, BillingService.recordPayment): the calls the payment
// provider's events will make, with the same idempotency and history, never raw fields.
//
// In a test: `await seedBilling(mongoUri, { action: 'subscription', email, ... })`. It runs this
// file in its own Node process (the way `npm run support` runs api/dist/cli/support.js), so the
// test process never loads Nest or mongoose.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const apiDist = path.resolve(path.dirname(here), '..', '..', 'api', 'dist');

/**
 * action 'subscription': { email, scope?, plan, id, start, end, cancelledAt? } — a renewing
 *   subscription (mode 'subscription') from start to end, cancelled at cancelledAt; scope 'main'
 *   (default; plan 'Pro Monthly'…) or 'addon' (plan 'sub100', 'sub500', 'sub1000').
 * action 'payment': { email, paymentId, plan, amount, currency, paidAt }.
 * Dates as ISO strings. Resolves with what the child printed; rejects when it fails.
 */
export function seedBilling(mongoUri, request) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [here, JSON.stringify(request)], {
      env: { ...process.env, MONGODB_URI: mongoUri },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve(out) : reject(new Error(`billing seed failed (${status}): ${out}`)),
    );
  });
}

const PROVIDER = 'e2e-seed';

async function main(request) {
  const load = (file) => import(path.join(apiDist, file));
  const { Global, Module } = await import('@nestjs/common');
  const { NestFactory } = await import('@nestjs/core');
  const { MongooseModule } = await import('@nestjs/mongoose');
  const { BILLING_CONFIG, loadBillingConfig } = await load('config/app-config.js');
  const { BillingDataModule } = await load('modules/billing/billing-data.module.js');
  const { BillingService } = await load('modules/billing/billing.service.js');
  const { EntitlementsService } = await load('modules/billing/entitlements.service.js');
  const { UsersModule } = await load('modules/users/users.module.js');
  const { UsersService } = await load('modules/users/users.service.js');

  // The support command line's module (api/src/cli/support.ts), without its inbox.
  class ConfigModule {}
  Global()(ConfigModule);
  Module({
    providers: [{ provide: BILLING_CONFIG, useValue: loadBillingConfig(process.env) }],
    exports: [BILLING_CONFIG],
  })(ConfigModule);
  class SeedModule {}
  Module({
    imports: [
      MongooseModule.forRoot(process.env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 }),
      ConfigModule,
      UsersModule,
      BillingDataModule,
    ],
  })(SeedModule);

  const app = await NestFactory.createApplicationContext(SeedModule, { logger: false });
  try {
    const accounts = await app.get(UsersService).findByEmail(request.email);
    if (accounts.length !== 1) throw new Error(`${accounts.length} accounts for ${request.email}`);
    const userId = accounts[0].id;
    if (request.action === 'subscription') {
      const entitlements = app.get(EntitlementsService);
      const scope = request.scope ?? 'main';
      const source = { userId, scope, provider: PROVIDER, id: request.id };
      const granted = await entitlements.grant({
        ...source,
        at: new Date(request.start),
        plan: request.plan,
        mode: 'subscription',
        start: new Date(request.start),
        end: new Date(request.end),
      });
      process.stdout.write(`grant: ${granted}\n`);
      if (request.cancelledAt) {
        const cancelled = await entitlements.cancel({
          ...source,
          at: new Date(request.cancelledAt),
        });
        process.stdout.write(`cancel: ${cancelled}\n`);
      }
    } else if (request.action === 'payment') {
      const recorded = await app.get(BillingService).recordPayment({
        provider: PROVIDER,
        paymentId: request.paymentId,
        userId,
        plan: request.plan,
        amount: request.amount,
        currency: request.currency,
        paidAt: new Date(request.paidAt),
      });
      process.stdout.write(`payment: ${recorded}\n`);
    } else {
      throw new Error(`unknown action ${request.action}`);
    }
  } finally {
    await app.close();
  }
}

if (process.argv[1] === here) {
  main(JSON.parse(process.argv[2])).catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}
