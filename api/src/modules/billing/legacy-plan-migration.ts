import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { BILLING_CONFIG } from '../../config/app-config.js';
import type { BillingConfig } from '../../config/billing-catalogue.js';
import { UsersService } from '../users/users.service.js';
import { BillingHistoryRepository } from './billing-history.repository.js';
import type { SeenRef, Term } from './entitlements.js';
import { EntitlementsRepository, firstSnapshot } from './entitlements.repository.js';
import { fromLegacyFields } from './legacy-plan-fields.js';

const BATCH = 100;

const seenOf = (term: Term | null): SeenRef[] =>
  term
    ? [
        {
          ref: term.ref,
          at: term.at,
          status: term.cancelled ? 'cancelled' : 'active',
          end: term.end,
        },
      ]
    : [];

/**
 * Once, at start: plan fields still on user documents move to the entitlements collection
 * (each person's fields are also kept as they were), then leave the user document. Safe to run
 * again and on several instances at once: a person already migrated is not written twice, and
 * the fields leave the user only after the entitlements hold them.
 */
@Injectable()
export class LegacyPlanMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(LegacyPlanMigration.name);

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly users: UsersService,
    private readonly entitlements: EntitlementsRepository,
    private readonly history: BillingHistoryRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const moved = await this.run();
      if (moved > 0)
        this.logger.log(`Moved the plan fields of ${String(moved)} user(s) to billing`);
    } catch (error) {
      // The database being down must not stop the API starting; the next start tries again.
      this.logger.error(`Plan fields not migrated: ${String(error)}`);
    }
  }

  /** Answers how many users' fields moved. */
  async run(now = new Date()): Promise<number> {
    let moved = 0;
    for (;;) {
      const batch = await this.users.findWithLegacyPlanFields(BATCH);
      if (batch.length === 0) return moved;
      for (const { id, fields } of batch) {
        const data = fromLegacyFields(id, fields, now, this.config.freeAddonCreditsPerMonth);
        const written = await this.entitlements.change(
          id,
          firstSnapshot(data.balanceMonth, this.config.freeAddonCreditsPerMonth),
          (current) =>
            current.migratedFrom
              ? { next: null, result: false }
              : {
                  next: {
                    ...current,
                    ...data,
                    mainSeen: seenOf(data.main),
                    addonSeen: seenOf(data.addon),
                  },
                  result: true,
                },
        );
        if (written) {
          await this.history.append({
            userId: id,
            scope: 'main',
            action: 'migrate',
            ref: `migration:${id}`,
            at: now,
            by: { kind: 'system', name: 'start-up migration' },
            outcome: 'applied',
            detail: { plan: data.main?.plan ?? null, addon: data.addon?.plan ?? null },
          });
        }
        await this.users.unsetLegacyPlanFields(id);
        moved += 1;
      }
    }
  }
}
