import { runProcess } from './run-process.js';

// The kernel enforces the limits prlimit sets: a child past its address space fails to
// allocate, one past its CPU time is stopped, and neither sees the API's secrets.
const MB = 1024 * 1024;

describe('runProcess with resource limits', () => {
  const allocate = ['-e', 'Buffer.alloc(400 * 1024 * 1024, 1); console.log("allocated")'];

  it('lets a child allocate without limits, and refuses past its address space', async () => {
    const free = await runProcess(process.execPath, allocate, { timeoutMs: 20_000 });
    expect(free.stdout.toString()).toContain('allocated');
    const limited = await runProcess(process.execPath, allocate, {
      timeoutMs: 20_000,
      limits: { memoryBytes: 800 * MB, cpuSeconds: 20 },
    });
    expect(limited.stdout.toString()).not.toContain('allocated');
    expect(limited.code).not.toBe(0);
  });

  it('stops a child at its CPU time, before its wall-clock limit', async () => {
    const started = Date.now();
    const spin = await runProcess(process.execPath, ['-e', 'for (;;);'], {
      timeoutMs: 20_000,
      limits: { memoryBytes: 2048 * MB, cpuSeconds: 1 },
    });
    expect(spin.code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('hands the child no secrets', async () => {
    const saved = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = 'must-not-leak';
    process.env.PAYMENT_WEBHOOK_SECRET = 'must-not-leak-either';
    try {
      const env = await runProcess('env', [], { timeoutMs: 5000 });
      expect(env.stdout.toString()).not.toContain('must-not-leak');
      expect(env.stdout.toString()).toContain('PATH=');
    } finally {
      if (saved === undefined) Reflect.deleteProperty(process.env, 'SESSION_SECRET');
      else process.env.SESSION_SECRET = saved;
      Reflect.deleteProperty(process.env, 'PAYMENT_WEBHOOK_SECRET');
    }
  });
});
