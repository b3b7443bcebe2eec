// Issue 29 item 7: login limits per account (growing delay, 429 + Retry-After, a mail to the owner)
// and per address across accounts, where correct credentials still pass, for members and staff; and
// the proof: a computer lab behind one address signs in while one account is guessed from there.
// Time moves only through the injected clock.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { accountLockedFor, LOGIN_ALERT_SUBJECT, LOGIN_GUARD, lockDelayMs } from '../../services/accounts/login-guard.ts';
import { hashPassword } from '../../services/accounts/passwords.ts';
import { SHELL_ACTOR } from '../../services/staff/audit.ts';
import { createStaff } from '../../services/staff/staff-accounts.ts';
import { createMember, TEST_PASSWORD } from '../../../tests/server-helpers/members.ts';
import { ADMIN_API, STAFF_PASSWORD } from '../../../tests/server-helpers/staff.ts';
import { buildTestApp, type TestApp } from '../../../tests/server-helpers/test-app.ts';

const KEY = 'epot-public-demo-key';
let t: TestApp;
let sharedHash: string;
let ipCounter = 0;
/** A fresh client address per test, so one test's address counter never touches another's. */
const nextIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-03-07T08:00:00Z' });
  sharedHash = await hashPassword(TEST_PASSWORD);
});
afterAll(async () => { await t?.cleanup(); });

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/v1/member/login', remoteAddress: ip, payload: { access_key: KEY, provider: 'email', email, password } });
const staffLogin = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: `${ADMIN_API}/login`, remoteAddress: ip, payload: { email, password } });
const member = async () => (await createMember(t.db, { password_hash: sharedHash })).user;
const alertsTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to))).filter((m) => m.subject === LOGIN_ALERT_SUBJECT);

describe('per account', () => {
  it('answers the first wrong passwords 401, then 429 with a growing Retry-After, and mails the owner once', async () => {
    const user = await member();
    // From a different address each time: the account is what counts.
    for (let i = 0; i < LOGIN_GUARD.freeFailures; i++) expect((await login(user.email, `Salah-${i}-xyz`, nextIp())).statusCode).toBe(401);
    const first = await login(user.email, 'Salah-lagi-xyz', nextIp());
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBe(lockDelayMs(LOGIN_GUARD.freeFailures + 1) / 1000);
    // While slowed, even the right password waits (nothing is checked).
    const locked = await login(user.email, TEST_PASSWORD, nextIp());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(lockDelayMs(LOGIN_GUARD.freeFailures + 1));
    const second = await login(user.email, 'Salah-ketiga-xyz', nextIp());
    expect(Number(second.headers['retry-after'])).toBe(lockDelayMs(LOGIN_GUARD.freeFailures + 2) / 1000);
    expect(lockDelayMs(LOGIN_GUARD.freeFailures + 2)).toBe(2 * lockDelayMs(LOGIN_GUARD.freeFailures + 1));
    expect(lockDelayMs(1000)).toBe(LOGIN_GUARD.maxDelayMs);
    const alerts = await alertsTo(user.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(`Ada ${LOGIN_GUARD.freeFailures + 1} percobaan login dengan password yang salah`);
    // After the delay the owner's right password gets in, and the account starts afresh.
    t.clock.advance(lockDelayMs(LOGIN_GUARD.freeFailures + 2));
    expect((await login(user.email, TEST_PASSWORD, nextIp())).statusCode).toBe(200);
    expect((await login(user.email, 'Salah-baru-xyz', nextIp())).statusCode).toBe(401);
  });
});

describe('per address', () => {
  it('answers wrong passwords for many accounts from one address 429 past the limit, and lets correct ones through', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_GUARD.addressFailures + 10; i++) codes.push((await login(`tidak-ada-${i}@kampus.ac.id`, 'Salah-sekali-1', ip)).statusCode);
    expect(codes.slice(0, LOGIN_GUARD.addressFailures)).toEqual(Array(LOGIN_GUARD.addressFailures).fill(401));
    expect(codes.slice(LOGIN_GUARD.addressFailures)).toEqual(Array(10).fill(429));
    const user = await member();
    expect((await login(user.email, 'Salah-sekali-1', ip)).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('a computer lab behind one address', () => {
  it('lets 50 members in within 2 minutes while 1,000 wrong passwords hit one account from the same address', async () => {
    const lab = nextIp();
    const members = await Promise.all(Array.from({ length: 50 }, () => member()));
    const target = await member();
    const attacker: number[] = [];
    const memberCodes: number[] = [];
    // Simulated time only: a slow machine must not stretch the lab's two minutes.
    t.clock.freeze();
    const started = t.clock.now().getTime();
    for (let i = 0; i < 1000; i++) {
      const res = await login(target.email, `Tebakan-${i}-xyz`, lab);
      attacker.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      if (i % 20 === 0) memberCodes.push((await login(members[i / 20]!.email, TEST_PASSWORD, lab)).statusCode);
      t.clock.advance(100); // 1,000 tries in 100 s
    }
    expect(t.clock.now().getTime() - started).toBeLessThan(2 * 60_000);
    // Every member got in.
    expect(memberCodes).toEqual(Array(50).fill(200));
    // The attacker got nothing, and the password was checked only a handful of times.
    expect(attacker.filter((c) => c === 200)).toEqual([]);
    const checked = attacker.filter((c) => c === 401).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_GUARD.freeFailures);
    expect(attacker.filter((c) => c === 429).length).toBeGreaterThan(990);
    // The attacked account is slowed, and its owner was told once.
    expect(await accountLockedFor(t.db, 'member', target.email, t.clock.now())).toBeGreaterThan(0);
    expect(await alertsTo(target.email)).toHaveLength(1);
  }, 120_000);
});

describe('staff login', () => {
  it('has the same limits: per account with a mail to the owner, per address with correct credentials let through', async () => {
    const email = `batas-${ipCounter}@epot.local`;
    await createStaff(t.db, { email, role: 'operator', institutionId: null, password: STAFF_PASSWORD }, SHELL_ACTOR, t.clock.now());
    for (let i = 0; i < LOGIN_GUARD.freeFailures; i++) expect((await staffLogin(email, 'salah-sekali', nextIp())).statusCode).toBe(401);
    const slowed = await staffLogin(email, 'salah-lagi', nextIp());
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(lockDelayMs(LOGIN_GUARD.freeFailures + 1) / 1000);
    expect((await staffLogin(email, STAFF_PASSWORD, nextIp())).statusCode).toBe(429);
    expect(await alertsTo(email)).toHaveLength(1);
    t.clock.advance(lockDelayMs(LOGIN_GUARD.freeFailures + 1));
    expect((await staffLogin(email, STAFF_PASSWORD, nextIp())).statusCode).toBe(200);

    const ip = nextIp();
    for (let i = 0; i < LOGIN_GUARD.addressFailures; i++) await staffLogin(`tak-dikenal-${i}@epot.local`, 'salah', ip);
    expect((await staffLogin('tak-dikenal-x@epot.local', 'salah', ip)).statusCode).toBe(429);
    const other = `lab-${ipCounter}@epot.local`;
    await createStaff(t.db, { email: other, role: 'operator', institutionId: null, password: STAFF_PASSWORD }, SHELL_ACTOR, t.clock.now());
    expect((await staffLogin(other, STAFF_PASSWORD, ip)).statusCode).toBe(200);
  });
});
