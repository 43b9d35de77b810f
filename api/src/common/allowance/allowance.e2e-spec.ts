import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CreditsService } from '../../modules/billing/credits.service.js';
import { DailySlotAllowance } from '../../modules/extraction/daily-slot-allowance.js';
import { createTestApp } from '../../testing/test-app.js';
import type { Allowance } from './allowance.js';

// The one allowance shape (allowance.ts) on the real database, for both of its implementations:
// the add-on's credits (5 free a month for a new person) and the free plan's daily text slots
// (5 a day). Each test takes a fresh person.
describe('allowances on the real database', () => {
  let app: INestApplication;
  let credits: CreditsService;
  const person = () => `allowance-${randomUUID()}`;

  beforeAll(async () => {
    app = await createTestApp();
    credits = app.get(CreditsService);
  });
  afterAll(async () => {
    await app.close();
  });

  const implementations: [string, () => Allowance, string][] = [
    ['credits', () => credits, 'NOT_ENOUGH_CREDITS'],
    ['daily text slots', () => app.get(DailySlotAllowance), 'DAILY_LIMIT_REACHED'],
  ];

  describe.each(implementations)('%s', (_name, allowance, noneLeft) => {
    it('refuses once all 5 are held, and a refund given twice gives back one', async () => {
      const userId = person();
      const holds = [];
      for (let i = 0; i < 5; i++) holds.push(await allowance().reserve(userId, 1, `job-${i}`));
      await expect(allowance().reserve(userId, 1, 'job-5')).rejects.toMatchObject({
        code: noneLeft,
      });
      const [first] = holds;
      if (!first) throw new Error('no hold');
      await allowance().refund(first);
      await allowance().refund(first);
      const again = await allowance().reserve(userId, 1, 'job-6');
      await expect(allowance().reserve(userId, 1, 'job-7')).rejects.toMatchObject({
        code: noneLeft,
      });
      // A committed hold stays spent: neither a refund after it nor a repeat gives it back.
      await allowance().commit(again, 1);
      await allowance().refund(again);
      await allowance().commit(again, 1);
      await expect(allowance().reserve(userId, 1, 'job-8')).rejects.toMatchObject({
        code: noneLeft,
      });
    });
  });

  it('of 10 parallel one-credit reservations with 3 credits left, exactly 3 win', async () => {
    const userId = person();
    await credits.spend(userId, 2);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => credits.reserve(userId, 1, `page-${String(i)}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.reason).toMatchObject({
        code: 'NOT_ENOUGH_CREDITS',
        status: 402,
      });
    }
    expect(await credits.available(userId)).toEqual({ defaultBalance: 0, topUpBalance: 0 });
  });

  it('gives back the unused part of a hold once, bought credits first, whatever the repeats', async () => {
    const userId = person();
    await credits.creditTopUp({
      userId,
      provider: 'test',
      orderId: randomUUID(),
      credits: 4,
      at: new Date(),
    });
    // 5 of the month and 4 bought: 7 reserved take the 5, then 2 bought.
    const hold = await credits.reserve(userId, 7, 'job-a');
    expect(hold).toEqual({ userId, ref: 'job-a', amount: 7 });
    expect(await credits.available(userId)).toEqual({ defaultBalance: 0, topUpBalance: 2 });
    // The same ref again is the same hold, not a second reservation.
    expect(await credits.reserve(userId, 7, 'job-a')).toEqual(hold);
    expect(await credits.available(userId)).toEqual({ defaultBalance: 0, topUpBalance: 2 });
    // 3 pages read of 7: 4 go back, the 2 bought ones first.
    await Promise.all([credits.commit(hold, 3), credits.commit(hold, 3)]);
    await credits.refund(hold); // too late: the hold is closed
    const after = await credits.available(userId);
    expect(after.defaultBalance + after.topUpBalance).toBe(2 + 4);
    expect(after).toEqual({ defaultBalance: 2, topUpBalance: 4 });
    // A commit racing a refund: whichever closes the hold first is the only one applied (4 or 7
    // given back, never both: 11 back would be 13 in all).
    const second = await credits.reserve(userId, 5, 'job-b');
    await Promise.all([credits.commit(second, 1), credits.refund(second)]);
    const raced = await credits.available(userId);
    expect([6 - 5 + 4, 6 - 5 + 5]).toContain(raced.defaultBalance + raced.topUpBalance);
    // A closed ref cannot be reopened by a late reservation under it.
    await expect(credits.reserve(userId, 1, 'job-a')).rejects.toThrow(/already closed/);
  });
});
