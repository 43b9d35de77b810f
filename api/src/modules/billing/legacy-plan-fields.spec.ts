import { fromLegacyFields } from './legacy-plan-fields.js';

const NOW = new Date('2026-11-15T00:00:00Z');
const at = (iso: string) => new Date(iso);

describe('plan fields of a user document, read as entitlements', () => {
  it('carries an overlay subscription over with its dates and id', () => {
    const migrated = fromLegacyFields(
      'u1',
      {
        isPremium: true,
        planType: 'Pro Monthly',
        premiumSince: at('2026-11-01T00:00:00Z'),
        nextBilling: at('2026-12-01T00:00:00Z'),
        isCancelled: true,
        subscriptionId: 'sub_9',
        topUpBalance: 30,
        defaultBalance: 2,
      },
      NOW,
      5,
    );
    expect(migrated.main).toMatchObject({
      plan: 'Pro Monthly',
      mode: 'subscription',
      start: at('2026-11-01T00:00:00Z'),
      end: at('2026-12-01T00:00:00Z'),
      cancelled: true,
      ref: 'legacy:sub_9',
    });
    expect(migrated).toMatchObject({
      topUpBalance: 30,
      defaultBalance: 2,
      balanceMonth: '2026-11',
    });
  });

  it('derives a missing end from the plan validity, and gives lifetime none', () => {
    const yearly = fromLegacyFields(
      'u2',
      { isPremium: true, planType: 'Pro Yearly', premiumSince: '2026-01-01T00:00:00Z' },
      NOW,
      5,
    );
    expect(yearly.main).toMatchObject({
      mode: 'manual',
      end: at('2027-01-01T00:00:00Z'),
      ref: 'migration:u2',
    });
    const lifetime = fromLegacyFields(
      'u3',
      { isPremium: true, planType: 'Lifetime', validTill: NOW },
      NOW,
      5,
    );
    expect(lifetime.main?.end).toBeNull();
  });

  it('carries no plan where isPremium was not true, yet keeps every field as it was', () => {
    const fields = {
      isPremium: false,
      planType: 'Pro Monthly',
      validTill: at('2027-01-01T00:00:00Z'),
    };
    const migrated = fromLegacyFields('u4', fields, NOW, 5);
    expect(migrated.main).toBeNull();
    expect(migrated.migratedFrom).toBe(fields);
    expect(migrated).toMatchObject({ topUpBalance: 0, defaultBalance: 5 });
  });

  it('carries the add-on subscription over', () => {
    const migrated = fromLegacyFields(
      'u5',
      {
        isExtPremium: true,
        extPlan: 'sub100',
        extLastBilled: at('2026-11-10T00:00:00Z'),
        extNextBilling: at('2026-12-10T00:00:00Z'),
        isExtCancelled: false,
      },
      NOW,
      5,
    );
    expect(migrated.addon).toMatchObject({
      plan: 'sub100',
      lastBilled: at('2026-11-10T00:00:00Z'),
      end: at('2026-12-10T00:00:00Z'),
      cancelled: false,
    });
  });
});
