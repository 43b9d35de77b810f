import type { AppConfig } from '../../../config/app-config.js';
import { CheckoutBinding } from './checkout-binding.js';

const bindingWith = (secret: string) =>
  new CheckoutBinding({ session: { secret } } as unknown as AppConfig);

describe('CheckoutBinding (who a hosted-checkout purchase is for, issue 20)', () => {
  const binding = bindingWith('s'.repeat(32));
  const USER = 'a'.repeat(24);
  const OTHER = 'b'.repeat(24);
  const expires = new Date('2026-11-26T12:00:00Z');
  const before = new Date('2026-11-26T11:30:00Z');
  const custom = { user_id: USER, binding: binding.sign(USER, '102', expires) };

  it('binds a purchase of the signed variant, made before the checkout expired, to its person', () => {
    expect(binding.verify(custom, 102, before)).toEqual({ userId: USER });
    expect(binding.verify(custom, '102', before)).toEqual({ userId: USER });
  });

  it('binds no one when the user id, the variant, the expiry or the key is not the signed one', () => {
    const unbound = { userId: null, reason: 'binding does not verify' };
    expect(binding.verify({ ...custom, user_id: OTHER }, 102, before)).toEqual(unbound);
    expect(binding.verify(custom, 100, before)).toEqual(unbound);
    const [expiry, mac] = custom.binding.split('.');
    const later = `${String(Number(expiry) + 3600)}.${mac ?? ''}`;
    expect(binding.verify({ ...custom, binding: later }, 102, before)).toEqual(unbound);
    expect(bindingWith('t'.repeat(32)).verify(custom, 102, before)).toEqual(unbound);
    expect(binding.verify({ user_id: USER }, 102, before)).toEqual(unbound);
    expect(binding.verify({ ...custom, binding: 7 }, 102, before)).toEqual(unbound);
  });

  it('binds no one after the checkout expired (beyond the clocks’ skew), or without custom data', () => {
    expect(binding.verify(custom, 102, new Date('2026-11-26T12:04:00Z'))).toEqual({
      userId: USER,
    });
    expect(binding.verify(custom, 102, new Date('2026-11-26T12:06:00Z'))).toEqual({
      userId: null,
      reason: 'bought after the checkout expired',
    });
    for (const none of [null, undefined, {}, { googleId: 'g' }]) {
      expect(binding.verify(none, 102, before)).toEqual({
        userId: null,
        reason: 'no binding (not a checkout of ours)',
      });
    }
  });
});
