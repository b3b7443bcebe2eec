import { afterEach, describe, expect, it, vi } from 'vitest';
import { argon2Options, hashPassword, verifyPassword } from './passwords.ts';

// The full cost as it appears in a hash: 19 MiB, two passes, one lane (the library's defaults).
const FULL_COST = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('argon2 cost', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('keeps the full cost outside tests even when the test flag is set', async () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(argon2Options({ NODE_ENV, EPOT_TEST_ARGON2_CHEAP: '1' })).toEqual({ algorithm: 2 });
    }
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('EPOT_TEST_ARGON2_CHEAP', '1');
    const hashed = await hashPassword('rahasia-123');
    expect(hashed).toMatch(FULL_COST);
    expect(await verifyPassword(hashed, 'rahasia-123')).toBe(true);
  });

  it('keeps the full cost in tests that do not ask for the cheap one', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('EPOT_TEST_ARGON2_CHEAP', '');
    expect(await hashPassword('rahasia-123')).toMatch(FULL_COST);
  });

  it('hashes cheaply only under NODE_ENV=test with the flag, and such hashes verify like full ones', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('EPOT_TEST_ARGON2_CHEAP', '1');
    const cheap = await hashPassword('rahasia-123');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'rahasia-123')).toBe(true);
    expect(await verifyPassword(cheap, 'salah')).toBe(false);
  });
});
